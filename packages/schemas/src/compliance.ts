import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';

// Compliance reports (SPEC §3 "Compliance report", §5 "Report generation", §7 calls).

export const REPORT_TYPES = ['EMIR', 'MIFID2', 'CRD_CRR', 'MICA', 'XBRL', 'AML_CTF'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_PERIODS = ['daily', 'weekly', 'monthly', 'quarterly', 'annual'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_FORMATS = ['JSON', 'XML', 'CSV', 'XBRL'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The longest period one report may cover (issue 11 "Bad input"). */
export const MAX_REPORT_SPAN_YEARS = 5;

export const COMPLIANCE_MESSAGES = {
  validation: 'Please select a report type and date range.',
  endBeforeStart: 'The end date must not be before the start date.',
  spanTooLong: `A report may cover at most ${MAX_REPORT_SPAN_YEARS} years.`,
} as const;

const isoDate = z.iso.date();

/** POST /api/compliance/reports/generate. Dates are calendar days (UTC), both inclusive. */
export const generateReportSchema = z
  .object({
    reportType: z.enum(REPORT_TYPES),
    reportPeriod: z.enum(REPORT_PERIODS),
    periodStart: isoDate,
    periodEnd: isoDate,
    fileFormat: z.enum(REPORT_FORMATS),
  })
  .superRefine((input, ctx) => {
    if (input.periodEnd < input.periodStart)
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: COMPLIANCE_MESSAGES.endBeforeStart });
    const start = new Date(`${input.periodStart}T00:00:00Z`);
    const limit = new Date(start);
    limit.setUTCFullYear(limit.getUTCFullYear() + MAX_REPORT_SPAN_YEARS);
    if (new Date(`${input.periodEnd}T00:00:00Z`) >= limit)
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: COMPLIANCE_MESSAGES.spanTooLong });
  })
  .meta({ id: 'GenerateReportRequest' });
export type GenerateReportInput = z.infer<typeof generateReportSchema>;

export const reportFileSchema = z.object({
  /** 'main' for the report itself; further parts are e.g. one CSV per record type. */
  part: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  records: z.number().int(),
});
export type ReportFile = z.infer<typeof reportFileSchema>;

export const complianceReportSchema = z
  .object({
    id: uuidSchema,
    reportType: z.enum(REPORT_TYPES),
    reportPeriod: z.enum(REPORT_PERIODS),
    periodStart: isoDate,
    periodEnd: isoDate,
    fileFormat: z.enum(REPORT_FORMATS),
    status: z.enum(REPORT_STATUSES),
    /** Records written (all parts); null until completed. */
    recordCount: z.number().int().nullable(),
    /** Bytes stored (all parts); null until completed. */
    fileSize: z.number().int().nullable(),
    progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
    failureReason: z.string().nullable(),
    files: z.array(reportFileSchema),
    organisationName: z.string().nullable(),
    createdAt: timestampSchema,
    completedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'ComplianceReport' });
export type ComplianceReport = z.infer<typeof complianceReportSchema>;

export const complianceReportListSchema = z
  .object({
    reports: z.array(complianceReportSchema),
    summary: z.object({
      completed: z.number().int(),
      processing: z.number().int(),
      failed: z.number().int(),
      total: z.number().int(),
    }),
  })
  .meta({ id: 'ComplianceReportList' });
export type ComplianceReportList = z.infer<typeof complianceReportListSchema>;
