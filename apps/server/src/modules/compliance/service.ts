import { randomUUID } from 'node:crypto';
import type { ComplianceReport, ComplianceReportList, GenerateReportInput, ReportStatus } from '@meridian/schemas';
import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import {
  complianceReports,
  jobs,
  organisations,
  roleAssignments,
  roles,
  users,
  type StoredReportFile,
} from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../errors';
import { recordAudit, type AuditEntry } from '../audit/record';
import { REPORT_JOB, type ReportJobPayload } from './generator';

/** Who asked, from where, under which permission (audit fields of the request). */
export type AuditWho = Pick<AuditEntry, 'actorId' | 'actorEmail' | 'authorisedBy' | 'requestId' | 'clientAddress'>;

export const REGULATOR_ROLE = 'regulator';

/** How many reports the list returns (the screen shows the first 10). */
export const REPORT_LIST_LIMIT = 50;

/**
 * Whose reports a user sees: a holder of the regulator role all (market-wide data), everyone
 * else their organisation's. A role, not the view_regulatory_data permission: that one is also
 * granted to compliance officers for supervisory reads (seed access-demo) without making their
 * own reports market-wide.
 */
export interface ReportScope {
  userId: string;
  organisationId: string | null;
  marketWide: boolean;
}

export async function reportScope(db: Db, userId: string): Promise<ReportScope> {
  const [regulator] = await db
    .select({ id: roleAssignments.id })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(
      and(
        eq(roleAssignments.userId, userId),
        eq(roles.roleId, REGULATOR_ROLE),
        eq(roleAssignments.isActive, true),
        or(isNull(roleAssignments.expiresAt), gt(roleAssignments.expiresAt, new Date())),
      ),
    )
    .limit(1);
  const marketWide = Boolean(regulator);
  const [user] = await db.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, userId));
  return { userId, organisationId: user?.organisationId ?? null, marketWide };
}

/** Queues a report job and its report row in one transaction. */
export async function generateReport(
  app: FastifyInstance,
  scope: ReportScope,
  input: GenerateReportInput,
  who: AuditWho,
) {
  if (!scope.marketWide && !scope.organisationId)
    throw unprocessable('NO_ORGANISATION', 'Reports are generated for an organisation; your account belongs to none.');
  const reportId = randomUUID();
  await app.db.transaction(async (tx) => {
    const job = await app.jobs.enqueue<ReportJobPayload>(tx, { kind: REPORT_JOB, payload: { reportId } });
    await tx.insert(complianceReports).values({
      id: reportId,
      jobId: job.id,
      requestedBy: scope.userId,
      organisationId: scope.marketWide ? null : scope.organisationId,
      reportType: input.reportType,
      reportPeriod: input.reportPeriod,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      fileFormat: input.fileFormat,
    });
    await recordAudit(tx, {
      ...who,
      action: 'compliance.report.generate',
      subjectType: 'compliance_report',
      subjectId: reportId,
      before: null,
      after: { ...input, jobId: job.id, organisationId: scope.marketWide ? null : scope.organisationId },
    });
  });
  app.jobs.wake();
  return (await findReport(app.db, scope, reportId))!;
}

const visible = (scope: ReportScope): SQL | undefined =>
  scope.marketWide ? undefined : eq(complianceReports.organisationId, scope.organisationId ?? sql`null`);

const SELECTION = {
  report: complianceReports,
  status: jobs.status,
  progressDone: jobs.progressDone,
  progressTotal: jobs.progressTotal,
  failureReason: jobs.failureReason,
  finishedAt: jobs.finishedAt,
  organisationName: organisations.name,
};

type Selected = {
  report: typeof complianceReports.$inferSelect;
  status: string;
  progressDone: number;
  progressTotal: number | null;
  failureReason: string | null;
  finishedAt: Date | null;
  organisationName: string | null;
};

function selectReports(db: Db) {
  return db
    .select(SELECTION)
    .from(complianceReports)
    .innerJoin(jobs, eq(jobs.id, complianceReports.jobId))
    .leftJoin(organisations, eq(organisations.id, complianceReports.organisationId));
}

function toView(row: Selected): ComplianceReport {
  const { report } = row;
  const completed = row.status === 'completed';
  return {
    id: report.id,
    reportType: report.reportType as ComplianceReport['reportType'],
    reportPeriod: report.reportPeriod as ComplianceReport['reportPeriod'],
    periodStart: report.periodStart,
    periodEnd: report.periodEnd,
    fileFormat: report.fileFormat as ComplianceReport['fileFormat'],
    status: row.status as ReportStatus,
    recordCount: completed ? report.files.reduce((n, f) => n + f.records, 0) : null,
    fileSize: completed ? report.files.reduce((n, f) => n + f.size, 0) : null,
    progress: { done: row.progressDone, total: row.progressTotal },
    failureReason: row.failureReason,
    files: report.files.map(({ path: _path, ...file }) => file),
    organisationName: row.organisationName,
    createdAt: report.createdAt.toISOString(),
    completedAt: completed && row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export async function findReport(db: Db, scope: ReportScope, id: string): Promise<ComplianceReport | undefined> {
  const [row] = await selectReports(db).where(and(eq(complianceReports.id, id), visible(scope)));
  return row ? toView(row as Selected) : undefined;
}

export async function listReports(db: Db, scope: ReportScope): Promise<ComplianceReportList> {
  const rows = await selectReports(db)
    .where(visible(scope))
    .orderBy(desc(complianceReports.createdAt), desc(complianceReports.id))
    .limit(REPORT_LIST_LIMIT);
  const [counts] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${jobs.status} = 'completed')::int`,
      processing: sql<number>`count(*) filter (where ${jobs.status} in ('pending', 'processing'))::int`,
      failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(complianceReports)
    .innerJoin(jobs, eq(jobs.id, complianceReports.jobId))
    .where(visible(scope));
  return { reports: rows.map((r) => toView(r as Selected)), summary: counts! };
}

/**
 * The stored file to stream: 404 outside the scope, 409 unless completed. The download is
 * audited (who took which file, its SHA-256) before the file is handed out.
 */
export async function reportFile(
  db: Db,
  scope: ReportScope,
  id: string,
  part: string,
  who: AuditWho,
): Promise<StoredReportFile> {
  const [row] = await selectReports(db).where(and(eq(complianceReports.id, id), visible(scope)));
  if (!row) throw notFound('Report not found');
  if (row.status !== 'completed') throw conflict(`Report is not ready for download (status: ${row.status}).`);
  const file = (row as Selected).report.files.find((f) => f.part === part);
  if (!file) throw notFound(`Report has no part '${part}'`);
  await db.transaction((tx) =>
    recordAudit(tx, {
      ...who,
      action: 'compliance.report.download',
      subjectType: 'compliance_report',
      subjectId: id,
      before: null,
      after: { part, fileName: file.fileName, size: file.size, sha256: file.sha256 },
    }),
  );
  return file;
}
