import { randomUUID } from 'node:crypto';
import {
  CASE_TRANSITIONS,
  fromMinorUnits,
  type CaseDetail,
  type CaseList,
  type CaseStatus,
  type CaseSummary,
  type SurveillanceRule,
} from '@meridian/schemas';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  instruments,
  orders,
  organisations,
  surveillanceCaseNotes,
  surveillanceCases,
  trades,
  users,
} from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../errors';
import { recordAudit, type AuditEntry } from '../audit/record';

type AuditWho = Pick<AuditEntry, 'actorId' | 'actorEmail' | 'authorisedBy' | 'requestId' | 'clientAddress'>;

const assignee = alias(users, 'assignee');

function selectCases(db: Db) {
  return db
    .select({
      c: surveillanceCases,
      organisationName: organisations.name,
      instrumentName: instruments.name,
      assignedTo: assignee.name,
    })
    .from(surveillanceCases)
    .innerJoin(instruments, eq(instruments.id, surveillanceCases.instrumentId))
    .leftJoin(organisations, eq(organisations.id, surveillanceCases.organisationId))
    .leftJoin(assignee, eq(assignee.id, surveillanceCases.assignedTo));
}

type CaseRow = Awaited<ReturnType<ReturnType<typeof selectCases>['execute']>>[number];

function toSummary(row: CaseRow): CaseSummary {
  return {
    id: row.c.id,
    rule: row.c.rule as SurveillanceRule,
    severity: row.c.severity,
    status: row.c.status,
    summary: row.c.summary,
    organisationName: row.organisationName,
    instrumentId: row.c.instrumentId,
    instrumentName: row.instrumentName,
    assignedTo: row.assignedTo,
    detectedAt: row.c.detectedAt.toISOString(),
    updatedAt: row.c.updatedAt.toISOString(),
  };
}

const SEVERITY_ORDER = sql`case ${surveillanceCases.severity} when 'High' then 0 when 'Medium' then 1 else 2 end`;

/** Newest cases first; `open` = not resolved. */
export async function listCases(db: Db, filter: { status?: CaseStatus | 'open'; limit: number }): Promise<CaseList> {
  let where: SQL | undefined;
  if (filter.status === 'open') where = ne(surveillanceCases.status, 'resolved');
  else if (filter.status) where = eq(surveillanceCases.status, filter.status);
  const rows = await selectCases(db)
    .where(where)
    .orderBy(desc(surveillanceCases.detectedAt), asc(SEVERITY_ORDER), desc(surveillanceCases.id))
    .limit(filter.limit);
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(surveillanceCases)
    .where(ne(surveillanceCases.status, 'resolved'));
  return { cases: rows.map(toSummary), openCount: open?.n ?? 0 };
}

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');
const owner = alias(users, 'owner');
const iso = (d: Date) => d.toISOString();

export async function findCase(db: Db, id: string): Promise<CaseDetail> {
  const [row] = await selectCases(db).where(eq(surveillanceCases.id, id));
  if (!row) throw notFound('Case not found');
  const { evidence } = row.c;
  const orderRows = evidence.orderIds.length
    ? await db
        .select({ o: orders, owner: owner.name })
        .from(orders)
        .innerJoin(owner, eq(owner.id, orders.userId))
        .where(inArray(orders.id, evidence.orderIds))
        .orderBy(asc(orders.createdAt))
    : [];
  const tradeRows = evidence.tradeIds.length
    ? await db
        .select({ t: trades, buyer: buyer.name, seller: seller.name })
        .from(trades)
        .innerJoin(buyer, eq(buyer.id, trades.buyerId))
        .innerJoin(seller, eq(seller.id, trades.sellerId))
        .where(inArray(trades.id, evidence.tradeIds))
        .orderBy(asc(trades.sequence))
    : [];
  const notes = await db
    .select({ n: surveillanceCaseNotes, author: users.name })
    .from(surveillanceCaseNotes)
    .innerJoin(users, eq(users.id, surveillanceCaseNotes.authorId))
    .where(eq(surveillanceCaseNotes.caseId, id))
    .orderBy(asc(surveillanceCaseNotes.createdAt));
  return {
    ...toSummary(row),
    figures: Object.fromEntries(Object.entries(evidence.figures).filter(([k]) => k !== 'moveRaw')),
    timeline: [...evidence.timeline].sort((a, b) => a.at.localeCompare(b.at)),
    orders: orderRows.map(({ o, owner }) => ({
      id: o.id,
      side: o.side,
      price: o.price === null ? null : fromMinorUnits(o.price),
      quantity: String(o.quantity),
      filledQuantity: String(o.filledQuantity),
      status: o.status,
      owner,
      createdAt: iso(o.createdAt),
      updatedAt: iso(o.updatedAt),
    })),
    trades: tradeRows.map(({ t, buyer, seller }) => ({
      id: t.id,
      price: fromMinorUnits(t.price),
      quantity: String(t.quantity),
      buyer,
      seller,
      takerSide: t.takerSide,
      createdAt: iso(t.createdAt),
    })),
    notes: notes.map(({ n, author }) => ({
      id: n.id,
      author,
      body: n.body,
      fromStatus: n.fromStatus as CaseStatus | null,
      toStatus: n.toStatus as CaseStatus | null,
      createdAt: iso(n.createdAt),
    })),
    allowedTransitions: [...CASE_TRANSITIONS[row.c.status]],
    resolvedAt: row.c.resolvedAt ? iso(row.c.resolvedAt) : null,
  };
}

/** Moves a case along investigating → under_review → resolved (or reopens it), with a note; audited. */
export async function transitionCase(db: Db, who: AuditWho, id: string, to: CaseStatus, note: string) {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(surveillanceCases).where(eq(surveillanceCases.id, id)).for('update');
    if (!current) throw notFound('Case not found');
    if (!CASE_TRANSITIONS[current.status].includes(to))
      throw conflict(`A case in status ${current.status} cannot move to ${to}.`);
    const now = new Date();
    await tx
      .update(surveillanceCases)
      .set({
        status: to,
        updatedAt: now,
        resolvedAt: to === 'resolved' ? now : null,
        // Whoever moves an unassigned case takes it.
        assignedTo: current.assignedTo ?? who.actorId ?? null,
      })
      .where(eq(surveillanceCases.id, id));
    await tx.insert(surveillanceCaseNotes).values({
      id: randomUUID(),
      caseId: id,
      authorId: who.actorId!,
      body: note,
      fromStatus: current.status,
      toStatus: to,
      createdAt: now,
    });
    await recordAudit(tx, {
      ...who,
      action: 'surveillance.case.transition',
      subjectType: 'surveillance_case',
      subjectId: id,
      before: { status: current.status },
      after: { status: to, note },
    });
  });
  return findCase(db, id);
}

export async function addCaseNote(db: Db, who: AuditWho, id: string, body: string) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: surveillanceCases.id })
      .from(surveillanceCases)
      .where(eq(surveillanceCases.id, id));
    if (!current) throw notFound('Case not found');
    const noteId = randomUUID();
    await tx.insert(surveillanceCaseNotes).values({ id: noteId, caseId: id, authorId: who.actorId!, body });
    await tx.update(surveillanceCases).set({ updatedAt: new Date() }).where(eq(surveillanceCases.id, id));
    await recordAudit(tx, {
      ...who,
      action: 'surveillance.case.note',
      subjectType: 'surveillance_case',
      subjectId: id,
      before: null,
      after: { noteId, body },
    });
  });
  return findCase(db, id);
}

/** Assigns a case to an investigator (the caller when none is named). */
export async function assignCase(db: Db, who: AuditWho, id: string, assigneeId: string) {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(surveillanceCases).where(eq(surveillanceCases.id, id)).for('update');
    if (!current) throw notFound('Case not found');
    const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.id, assigneeId));
    if (!person) throw unprocessable('UNKNOWN_USER', 'No such user to assign the case to.');
    await tx
      .update(surveillanceCases)
      .set({ assignedTo: assigneeId, updatedAt: new Date() })
      .where(and(eq(surveillanceCases.id, id)));
    await recordAudit(tx, {
      ...who,
      action: 'surveillance.case.assign',
      subjectType: 'surveillance_case',
      subjectId: id,
      before: { assignedTo: current.assignedTo },
      after: { assignedTo: assigneeId },
    });
  });
  return findCase(db, id);
}
