import type { AuditEvent, AuditPage, AuditQuery } from '@meridian/schemas';
import { and, desc, eq, gte, like, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { ORDER_PLACE_ACTION } from './order-rows';

/** A page of the trail, newest first. */
export async function listAuditEvents(db: Db, query: AuditQuery): Promise<AuditPage> {
  const filters: (SQL | undefined)[] = [
    query.actorId ? eq(auditEvents.actorId, query.actorId) : undefined,
    query.action ? actionFilter(query.action) : undefined,
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

/**
 * An exact action, or a prefix ending in '.'. Order placements are not in the action index
 * (migration 0037, decision 0095): a filter on them walks the trail backwards, where they are
 * most rows. Any other exact action also states the index's predicate as a literal, so that
 * the plan may use the partial index even when it is made for any parameter value.
 */
function actionFilter(action: string): SQL {
  if (action.endsWith('.')) return like(auditEvents.action, `${action.replace(/[\\%_]/g, '\\$&')}%`);
  if (action === ORDER_PLACE_ACTION) return eq(auditEvents.action, action);
  return and(eq(auditEvents.action, action), sql`${auditEvents.action} <> ${sql.raw(`'${ORDER_PLACE_ACTION}'`)}`)!;
}

function toDto(row: typeof auditEvents.$inferSelect): AuditEvent {
  return { ...row, occurredAt: row.occurredAt.toISOString() };
}
