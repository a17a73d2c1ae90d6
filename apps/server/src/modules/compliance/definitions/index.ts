import type { ReportType } from '@meridian/schemas';
import type { ReportDefinition } from '../model';
import { mifid2Report } from './mifid2';
import { xbrlFinancialReport } from './xbrl-financial';

/** Every report type the platform generates. */
export const REPORT_DEFINITIONS: Partial<Record<ReportType, ReportDefinition>> = {
  MIFID2: mifid2Report,
  XBRL: xbrlFinancialReport,
};
