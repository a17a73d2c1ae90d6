import type { ReportFormat, ReportType } from '@meridian/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { complianceReports, organisations } from '../../db/schema';
import { recordAudit } from '../audit/record';
import { PermanentJobError, type JobHandler } from '../jobs';
import { REPORT_DEFINITIONS } from './definitions';
import { renderReport } from './formats/render';
import { TAXONOMY_FILE, TAXONOMY_PATH } from './formats/taxonomy';
import type { ReportContext } from './model';
import { reportsDirectory } from './storage';

export const REPORT_JOB = 'compliance.report';

/** The organisation that operates the platform: submitting entity and UTI generator. */
export const PLATFORM_OPERATOR = 'Meridian Markets Ltd';

export interface ReportJobPayload {
  reportId: string;
}

const DAY_MS = 86_400_000;

/** Builds the report's files from platform data; the job completes with the files recorded. */
export function reportJobHandler(app: FastifyInstance): JobHandler<ReportJobPayload> {
  const directory = reportsDirectory(app.config.dataDir);
  return async ({ job, progress, signal, clock }) => {
    const ctx = await reportContext(app, job.payload.reportId, clock.now());
    const definition = REPORT_DEFINITIONS[ctx.reportType];
    if (!definition) throw new PermanentJobError(`${ctx.reportType} reports are not available yet.`);
    await definition.preflight?.(ctx);
    const files = await renderReport(definition, ctx, {
      directory,
      signal,
      progress: (done, total) => progress(done, total),
    });
    const recordCount = files.reduce((n, f) => n + f.records, 0);
    const fileSize = files.reduce((n, f) => n + f.size, 0);
    return {
      result: { recordCount, fileSize },
      commit: async (tx) => {
        await tx.update(complianceReports).set({ files }).where(eq(complianceReports.id, ctx.reportId));
        await recordAudit(tx, {
          action: 'compliance.report.complete',
          authorisedBy: `job:${REPORT_JOB}`,
          subjectType: 'compliance_report',
          subjectId: ctx.reportId,
          before: null,
          after: { recordCount, fileSize, files: files.map((f) => ({ part: f.part, sha256: f.sha256 })) },
        });
      },
    };
  };
}

async function reportContext(app: FastifyInstance, reportId: string, now: Date): Promise<ReportContext> {
  const db = app.db;
  const [report] = await db.select().from(complianceReports).where(eq(complianceReports.id, reportId));
  if (!report) throw new PermanentJobError(`Report ${reportId} no longer exists.`);
  const [operator] = await db.select().from(organisations).where(eq(organisations.name, PLATFORM_OPERATOR));
  if (!operator?.lei)
    throw new PermanentJobError('The platform operator has no LEI; reports cannot name their submitter.');
  let reporting = operator;
  if (report.organisationId) {
    const [org] = await db.select().from(organisations).where(eq(organisations.id, report.organisationId));
    if (!org?.lei) throw new PermanentJobError('Your organisation has no LEI; regulatory reports need one.');
    reporting = org;
  }
  const from = new Date(`${report.periodStart}T00:00:00Z`);
  return {
    db,
    reportId,
    reportType: report.reportType as ReportType,
    format: report.fileFormat as ReportFormat,
    organisationId: report.organisationId,
    from,
    to: new Date(new Date(`${report.periodEnd}T00:00:00Z`).getTime() + DAY_MS),
    periodStart: report.periodStart,
    periodEnd: report.periodEnd,
    generatedAt: now,
    reportingLei: reporting.lei!,
    reportingName: reporting.name,
    platformName: operator.name,
    platformLei: operator.lei,
    taxonomyUrl: `${app.config.publicUrl}${TAXONOMY_PATH}/${TAXONOMY_FILE}`,
  };
}
