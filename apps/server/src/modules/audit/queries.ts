import type { AuditEvent, AuditPage, AuditQuery } from '@meridian/schemas';
import { and, desc, eq, gte, like, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

/** A page of the trail, newest first. */
export async function listAuditEvents(db: Db, query: AuditQuery): Promise<AuditPage> {
  const filters: (SQL | undefined)[] = [
    query.actorId ? eq(auditEvents.actorId, query.actorId) : undefined,
    query.action
      ? query.action.endsWith('.')
        ? like(auditEvents.action, `${query.action.replace(/[\\%_]/g, '\\$&')}%`)
        : eq(auditEvents.action, query.action)
      : undefined,
    query.subjectType ? eq(auditEvents.subjectType, query.subjectType) : undefined,
    query.subjectId ? eq(auditEvents.subjectId, query.subjectId) : undefined,
    query.from ? gte(auditEvents.occurredAt, new Date(query.from)) : undefined,
    query.to ? lte(auditEvents.occurredAt, new Date(query.to)) : undefined,
    query.before ? lt(auditEvents.seq, query.before) : undefined,
  ];
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...filters))
    .orderBy(desc(auditEvents.seq))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(toDto);
  return { items, nextBefore: rows.length > query.limit ? items[items.length - 1]!.seq : null };
}

function toDto(row: typeof auditEvents.$inferSelect): AuditEvent {
  return { ...row, occurredAt: row.occurredAt.toISOString() };
}
