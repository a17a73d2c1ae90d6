import type { ReportType } from '@meridian/schemas';
import type { ReportDefinition } from '../model';
import { amlCtfReport } from './aml-ctf';
import { crdCrrReport } from './crd-crr';
import { emirReport } from './emir';
import { micaReport } from './mica';
import { mifid2Report } from './mifid2';
import { xbrlFinancialReport } from './xbrl-financial';

/** Every report type the platform generates. */
export const REPORT_DEFINITIONS: Record<ReportType, ReportDefinition> = {
  EMIR: emirReport,
  MIFID2: mifid2Report,
  CRD_CRR: crdCrrReport,
  MICA: micaReport,
  XBRL: xbrlFinancialReport,
  AML_CTF: amlCtfReport,
};
