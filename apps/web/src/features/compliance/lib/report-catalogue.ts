import type { ReportType } from '@meridian/schemas';

/** The six report-type cards (SPEC §3 "Report types"). */
export const REPORT_TYPE_CARDS: readonly { type: ReportType; title: string; kind: string; frequency: string }[] = [
  { type: 'EMIR', title: 'EMIR', kind: 'Derivative report', frequency: 'T+1' },
  { type: 'XBRL', title: 'XBRL', kind: 'Financial report', frequency: 'Quarterly' },
  { type: 'CRD_CRR', title: 'CRD IV / CRR', kind: 'Capital report', frequency: 'Quarterly' },
  { type: 'MICA', title: 'MiCA', kind: 'Crypto assets', frequency: 'Monthly' },
  { type: 'MIFID2', title: 'MiFID II', kind: 'Best execution', frequency: 'Quarterly' },
  { type: 'AML_CTF', title: 'AML / CTF', kind: 'Anti-money laundering', frequency: 'Monthly' },
];

export const REPORT_TYPE_LABELS = Object.fromEntries(REPORT_TYPE_CARDS.map((c) => [c.type, c.title])) as Record<
  ReportType,
  string
>;

/** Recent Reports shows the first 10 (SPEC §9). */
export const RECENT_REPORTS_SHOWN = 10;

/** Toasts and texts word for word from SPEC §5 and §8. */
export const COMPLIANCE_TEXT = {
  validationTitle: 'Validation Error',
  validationMessage: 'Please select a report type and date range.',
  startedTitle: 'Report Generation Started',
  generationFailedTitle: 'Generation Failed',
  generationFailedMessage: 'Failed to generate compliance report. Please try again.',
  downloadStartedTitle: 'Download Started',
  downloadFailedTitle: 'Download Failed',
  downloadFailedMessage: 'Failed to download report. Please try again.',
  empty: 'No reports generated yet. Generate your first compliance report above.',
} as const;
