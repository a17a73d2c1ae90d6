import { DEFAULT_RISK_LIMITS, RISK_LIMIT_KINDS } from '@meridian/schemas';
import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { organisations, riskCapitalBase, riskLimits } from '../schema';

/** Every organisation starts with the SPEC §9 limits (edited later with manage_risk_limits). */
export async function seedRiskLimits(db: Db): Promise<void> {
  const orgs = await db.select({ id: organisations.id }).from(organisations);
  if (orgs.length === 0) return;
  await db
    .insert(riskLimits)
    .values(
      orgs.flatMap((o) =>
        RISK_LIMIT_KINDS.map((kind) => ({ organisationId: o.id, kind, limitValue: DEFAULT_RISK_LIMITS[kind] })),
      ),
    )
    .onConflictDoNothing();
}

/**
 * Demo capital bases (USD hundredths) of the firms the demo users work for: fictional
 * organisation data like the organisations themselves, so the Regulatory Capital panel has
 * something to measure against. A real install enters its own.
 */
const DEMO_CAPITAL: Record<string, { cet1: bigint; additionalTier1: bigint; tier2: bigint }> = {
  'Meridian Markets Ltd': { cet1: 4_500_000_00n, additionalTier1: 500_000_00n, tier2: 1_000_000_00n },
  'Helvetic Alpine Bank AG': { cet1: 9_000_000_00n, additionalTier1: 1_000_000_00n, tier2: 2_000_000_00n },
  'Keystone Asset Management': { cet1: 3_000_000_00n, additionalTier1: 0n, tier2: 500_000_00n },
  'Harbor Liquidity Partners': { cet1: 2_500_000_00n, additionalTier1: 250_000_00n, tier2: 250_000_00n },
};

export async function seedRiskCapital(db: Db): Promise<void> {
  const orgs = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(inArray(organisations.name, Object.keys(DEMO_CAPITAL)));
  if (orgs.length === 0) return;
  await db
    .insert(riskCapitalBase)
    .values(orgs.map((o) => ({ organisationId: o.id, ...DEMO_CAPITAL[o.name]! })))
    .onConflictDoNothing();
}
