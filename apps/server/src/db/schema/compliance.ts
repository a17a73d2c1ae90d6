import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { jobs } from './jobs';
import { organisations } from './organisations';

/** One stored file of a report (modules/compliance/storage.ts), relative to the reports directory. */
export interface StoredReportFile {
  part: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  records: number;
  path: string;
}

/**
 * A requested regulatory report. Its status, progress and failure reason are the job's
 * (modules/jobs); the files and their SHA-256 are written when the job completes.
 */
export const complianceReports = pgTable(
  'compliance_reports',
  {
    id: uuid('id').primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .unique()
      .references(() => jobs.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    /** Whose data and whose list: the requester's organisation; null for market-wide (regulator). */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    reportType: text('report_type').notNull(),
    reportPeriod: text('report_period').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    fileFormat: text('file_format').notNull(),
    files: jsonb('files').$type<StoredReportFile[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('compliance_reports_org_created_idx').on(t.organisationId, t.createdAt),
    index('compliance_reports_created_idx').on(t.createdAt),
  ],
);
