import {
  DEFAULT_RISK_LIMITS,
  fromMinorUnits,
  RISK_LIMIT_KINDS,
  toMinorUnits,
  type CapitalBaseUpdate,
  type RiskLimitKind,
} from '@meridian/schemas';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { riskAlerts, riskCapitalBase, riskLimits } from '../../db/schema';
import { recordAudit } from '../audit/record';

// Per-organisation limits (SPEC §9 values until an admin edits them), utilisation, and alerts:
// a breach opens an alert (persisted), coming back within the limit resolves it.

const NAMES: Record<RiskLimitKind, string> = {
  var_95: 'VaR (95%) limit',
  concentration: 'Concentration limit',
  leverage: 'Leverage limit',
  liquidity: 'Liquidity ratio minimum',
};

export async function organisationLimits(
  db: Db | Tx,
  organisationId: string | null,
): Promise<Record<RiskLimitKind, number>> {
  const limits = { ...DEFAULT_RISK_LIMITS };
  if (!organisationId) return limits;
  const rows = await db.select().from(riskLimits).where(eq(riskLimits.organisationId, organisationId));
  for (const row of rows) limits[row.kind as RiskLimitKind] = row.limitValue;
  return limits;
}

export interface LimitMeasures {
  var95: number;
  concentration: number | null;
  leverage: number | null;
  liquidity: number | null;
}

const fmtUsd = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

export function evaluateLimits(limits: Record<RiskLimitKind, number>, m: LimitMeasures) {
  return RISK_LIMIT_KINDS.map((kind) => {
    const limit = limits[kind];
    const current = kind === 'var_95' ? m.var95 : m[kind];
    // Liquidity is a minimum: utilisation is how much of the floor is used up.
    const utilisation =
      current === null
        ? null
        : kind === 'liquidity'
          ? current > 0
            ? (limit / current) * 100
            : null
          : (current / limit) * 100;
    const status =
      utilisation === null
        ? ('not measurable' as const)
        : utilisation > 100
          ? ('breach' as const)
          : utilisation >= 80
            ? ('warning' as const)
            : ('within' as const);
    return {
      kind,
      name: NAMES[kind],
      limit,
      current,
      utilisation: utilisation === null ? null : Math.round(utilisation * 100) / 100,
      status,
    };
  });
}

function breachMessage(kind: RiskLimitKind, current: number, limit: number): string {
  if (kind === 'var_95') return `VaR (95%) ${fmtUsd(current)} exceeds the limit of ${fmtUsd(limit)}`;
  if (kind === 'concentration') return `Largest holding is ${current.toFixed(1)}% of the portfolio (limit ${limit}%)`;
  if (kind === 'leverage') return `Leverage ${current.toFixed(2)}:1 exceeds ${limit}:1`;
  return `Liquidity ratio ${current.toFixed(2)} is below the minimum of ${limit.toFixed(1)}`;
}

/** Opens an alert per new breach and resolves alerts whose limit is met again; returns recent alerts. */
export async function syncAlerts(db: Db, scopeKey: string, evaluated: ReturnType<typeof evaluateLimits>) {
  await db.transaction(async (tx) => {
    const open = await tx
      .select()
      .from(riskAlerts)
      .where(and(eq(riskAlerts.scopeKey, scopeKey), isNull(riskAlerts.resolvedAt)));
    for (const limit of evaluated) {
      const existing = open.find((a) => a.kind === limit.kind);
      if (limit.status === 'breach' && !existing) {
        const message = breachMessage(limit.kind, limit.current!, limit.limit);
        const [alert] = await tx
          .insert(riskAlerts)
          .values({ scopeKey, kind: limit.kind, message })
          .returning({ id: riskAlerts.id });
        await recordAudit(tx, {
          action: 'risk.alert.raised',
          subjectType: 'risk_alert',
          subjectId: alert!.id,
          after: { scopeKey, kind: limit.kind, current: limit.current, limit: limit.limit, message },
        });
      }
      if (limit.status !== 'breach' && existing)
        await tx.update(riskAlerts).set({ resolvedAt: new Date() }).where(eq(riskAlerts.id, existing.id));
    }
  });
  const rows = await db
    .select()
    .from(riskAlerts)
    .where(eq(riskAlerts.scopeKey, scopeKey))
    .orderBy(desc(riskAlerts.createdAt))
    .limit(10);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as RiskLimitKind,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  }));
}

export async function capitalBaseOf(db: Db, organisationId: string | null) {
  if (!organisationId) return null;
  const [row] = await db.select().from(riskCapitalBase).where(eq(riskCapitalBase.organisationId, organisationId));
  return row ?? null;
}

export async function setLimit(db: Db, organisationId: string, kind: RiskLimitKind, limit: number, userId: string) {
  await db.transaction(async (tx) => {
    const before = await organisationLimits(tx, organisationId);
    await tx
      .insert(riskLimits)
      .values({ organisationId, kind, limitValue: limit, updatedBy: userId })
      .onConflictDoUpdate({
        target: [riskLimits.organisationId, riskLimits.kind],
        set: { limitValue: limit, updatedBy: userId, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      action: 'risk.limit.changed',
      actorId: userId,
      subjectType: 'organisation',
      subjectId: organisationId,
      before: { [kind]: before[kind] },
      after: { [kind]: limit },
    });
  });
}

const baseView = (row: { cet1: bigint; additionalTier1: bigint; tier2: bigint }) => ({
  cet1: fromMinorUnits(row.cet1),
  additionalTier1: fromMinorUnits(row.additionalTier1),
  tier2: fromMinorUnits(row.tier2),
});

/** Records an organisation's capital base (USD), audited with before and after, in one transaction. */
export async function setCapitalBase(db: Db, organisationId: string, update: CapitalBaseUpdate, userId: string) {
  const values = {
    cet1: toMinorUnits(update.cet1)!,
    additionalTier1: toMinorUnits(update.additionalTier1)!,
    tier2: toMinorUnits(update.tier2)!,
  };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(riskCapitalBase).where(eq(riskCapitalBase.organisationId, organisationId));
    const [row] = await tx
      .insert(riskCapitalBase)
      .values({ organisationId, ...values })
      .onConflictDoUpdate({ target: riskCapitalBase.organisationId, set: { ...values, updatedAt: new Date() } })
      .returning();
    await recordAudit(tx, {
      action: 'risk.capital.changed',
      actorId: userId,
      subjectType: 'organisation',
      subjectId: organisationId,
      before: before ? baseView(before) : null,
      after: baseView(row!),
    });
    return { ...baseView(row!), updatedAt: row!.updatedAt.toISOString() };
  });
}
