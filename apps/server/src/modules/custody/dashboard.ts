import { fromMinorUnits, toMinorUnits, type CustodyAsset, type CustodyAssets } from '@meridian/schemas';
import { inArray, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { departments, instruments, permissions } from '../../db/schema';
import { verifyAuditChain, type VerifyResult } from '../audit/verify';
import { loadFxTable, type FxTable } from '../fx/service';
import { listInstruments } from '../instruments/service';
import { onTimeRate, openSettlementValues } from '../settlement/queries';

/** Totals are reported in this currency (as the other dashboards do). */
export const CUSTODY_REPORTING_CURRENCY = 'USD';
/** Each factor of the Security Score weighs the same. */
const FACTOR_WEIGHT = 25;
/** Every open failed settlement takes this much off the settlements factor. */
const FAILED_SETTLEMENT_PENALTY = 20;
/** Verifying the whole audit chain walks every row: its answer is reused this long. */
const AUDIT_VERIFY_TTL_MS = 60_000;

export interface CustodyConfig {
  /** No on-ledger vault exists in simulation mode: assets are platform ledger balances. */
  simulationMode: boolean;
  /** Insurance cover in hundredths of the reporting currency, when configured. */
  insuranceCover?: bigint;
}

interface HeldRow {
  asset_type: 'cash' | 'units';
  asset: string;
  total: string;
  holders: number;
}

let auditCache: { at: number; result: VerifyResult } | null = null;

async function auditChain(db: Db): Promise<VerifyResult> {
  if (auditCache && Date.now() - auditCache.at < AUDIT_VERIFY_TTL_MS) return auditCache.result;
  const result = await verifyAuditChain(db);
  auditCache = { at: Date.now(), result };
  return result;
}

/**
 * Assets held for clients: every user account's cash, and its units of instruments it did not
 * issue (an issuer's unsold units are inventory, not a client asset), valued at the
 * instruments' shown prices and converted to the reporting currency at the latest reference
 * rates; with the Security Score's factors, the controls and the custody risk figures.
 */
export async function custodyAssets(db: Db, config: CustodyConfig, now = new Date()): Promise<CustodyAssets> {
  const held = await selectRows<HeldRow>(
    db,
    sql`select b.asset_type, b.asset, sum(b.total)::text as total, count(distinct b.account_id)::int as holders
      from balances b join ledger_accounts a on a.id = b.account_id
      left join instruments i on b.asset_type = 'units' and i.id::text = b.asset
      where a.user_id is not null and b.total > 0 and (i.id is null or i.issuer_user_id <> a.user_id)
      group by b.asset_type, b.asset`,
  );
  const [clients] = await selectRows<{ n: number }>(
    db,
    sql`select count(distinct a.user_id)::int as n
      from balances b join ledger_accounts a on a.id = b.account_id
      left join instruments i on b.asset_type = 'units' and i.id::text = b.asset
      where a.user_id is not null and b.total > 0 and (i.id is null or i.issuer_user_id <> a.user_id)`,
  );
  const fx = await loadFxTable(db);
  const unitIds = held.filter((h) => h.asset_type === 'units').map((h) => h.asset);
  const listed = unitIds.length > 0 ? await listInstruments(db, inArray(instruments.id, unitIds)) : [];
  const byId = new Map(listed.map((i) => [i.id, i]));
  const prices = new Map(listed.map((i) => [i.id, i.price === null ? 0n : toMinorUnits(i.price)!]));
  const rows = held.flatMap((h): Omit<CustodyAsset, 'share'>[] => {
    const total = BigInt(h.total);
    if (h.asset_type === 'cash') {
      return [assetRow(h, h.asset, h.asset, fromMinorUnits(total), total, fx)];
    }
    const instrument = byId.get(h.asset);
    if (!instrument) return [];
    return [assetRow(h, instrument.name, instrument.currency, total.toString(), total * prices.get(h.asset)!, fx)];
  });
  const totalValue = rows.reduce(
    (sum, r) => sum + (r.reportingValue === null ? 0n : toMinorUnits(r.reportingValue)!),
    0n,
  );
  const assets = rows
    .map((r) => ({ ...r, share: share(r.reportingValue, totalValue) }))
    .sort((a, b) => b.share - a.share || a.name.localeCompare(b.name));

  const security = await securityFactors(db);
  const controls = await custodyControls(db, config, totalValue, security.audit, security.multiSig);
  return {
    reportingCurrency: CUSTODY_REPORTING_CURRENCY,
    ratesAsOf: fx.rateDate,
    totalValue: fromMinorUnits(totalValue),
    totalClients: clients?.n ?? 0,
    assets,
    security: { score: security.score, factors: security.factors },
    controls,
    risk: await riskFigures(db, fx, prices, totalValue, assets, now),
    asOf: now.toISOString(),
  };
}

function assetRow(
  h: HeldRow,
  name: string,
  currency: string,
  quantity: string,
  value: bigint,
  fx: FxTable,
): Omit<CustodyAsset, 'share'> {
  return {
    assetType: h.asset_type,
    asset: h.asset,
    name,
    currency,
    quantity,
    value: fromMinorUnits(value),
    reportingValue: fx.has(currency) ? fromMinorUnits(fx.convert(value, currency, CUSTODY_REPORTING_CURRENCY)) : null,
    holders: h.holders,
  };
}

function share(value: string | null, total: bigint): number {
  if (value === null || total === 0n) return 0;
  return Number((toMinorUnits(value)! * 10_000n) / total) / 100;
}

async function securityFactors(db: Db) {
  const perms = await db
    .select({ riskLevel: permissions.riskLevel, multiSig: permissions.requiresMultiSig })
    .from(permissions);
  const risky = perms.filter((p) => p.riskLevel === 'high' || p.riskLevel === 'critical');
  const multiSig = { covered: risky.filter((p) => p.multiSig).length, of: risky.length };
  const depts = await db
    .select({ level: departments.complianceLevel, dual: departments.requiresDualControl })
    .from(departments);
  const strict = depts.filter((d) => d.level !== 'standard');
  const dual = { covered: strict.filter((d) => d.dual).length, of: strict.length };
  const [failed] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from settlements where status = 'failed'`,
  );
  const failedCount = failed?.n ?? 0;
  const audit = await auditChain(db);
  const ratio = (c: { covered: number; of: number }) => (c.of === 0 ? 100 : Math.round((c.covered / c.of) * 100));
  const factors = [
    {
      key: 'multiSig',
      label: 'Multi-sig coverage',
      score: ratio(multiSig),
      weight: FACTOR_WEIGHT,
      detail: `${multiSig.covered} of ${multiSig.of} high or critical risk permissions require multi-sig`,
    },
    {
      key: 'dualControl',
      label: 'Dual control',
      score: ratio(dual),
      weight: FACTOR_WEIGHT,
      detail: `${dual.covered} of ${dual.of} enhanced or critical departments require dual control`,
    },
    {
      key: 'failedSettlements',
      label: 'Failed settlements',
      score: Math.max(0, 100 - FAILED_SETTLEMENT_PENALTY * failedCount),
      weight: FACTOR_WEIGHT,
      detail: failedCount === 0 ? 'No open failed settlements' : `${failedCount} open failed settlement(s)`,
    },
    {
      key: 'auditChain',
      label: 'Audit chain',
      score: audit.ok ? 100 : 0,
      weight: FACTOR_WEIGHT,
      detail: audit.ok
        ? `Verified: ${audit.rows} events, hash chain intact`
        : `Broken at event ${audit.brokenAt}: ${audit.reason}`,
    },
  ];
  const weights = factors.reduce((s, f) => s + f.weight, 0);
  const score = Math.round(factors.reduce((s, f) => s + f.score * f.weight, 0) / weights);
  return { score, factors, audit, multiSig };
}

async function custodyControls(
  db: Db,
  config: CustodyConfig,
  totalValue: bigint,
  audit: VerifyResult,
  multiSig: { covered: number; of: number },
): Promise<CustodyAssets['controls']> {
  const cover = config.insuranceCover;
  return [
    {
      key: 'multiSig',
      label: 'Multi-sig',
      status: multiSig.covered === 0 ? 'not_configured' : multiSig.covered < multiSig.of ? 'attention' : 'ok',
      detail: `${multiSig.covered} of ${multiSig.of} high-risk permissions need two signatures`,
    },
    {
      key: 'coldStorage',
      label: 'Cold storage',
      status: 'not_configured',
      detail: config.simulationMode
        ? 'Simulation mode: no ledger vault; assets are held as platform ledger balances'
        : 'No cold-storage vault is connected; assets are held as platform ledger balances',
    },
    {
      key: 'insurance',
      label: 'Insurance',
      status: cover === undefined ? 'not_configured' : cover >= totalValue ? 'ok' : 'attention',
      detail:
        cover === undefined
          ? 'No cover configured (CUSTODY_INSURANCE_COVER)'
          : `Cover ${fromMinorUnits(cover)} ${CUSTODY_REPORTING_CURRENCY} for ${fromMinorUnits(totalValue)} ${CUSTODY_REPORTING_CURRENCY} in custody`,
    },
    {
      key: 'audit',
      label: 'Audit',
      status: audit.ok ? 'ok' : 'attention',
      detail: audit.ok ? `Hash chain verified over ${audit.rows} events` : `Chain broken at event ${audit.brokenAt}`,
    },
  ];
}

async function riskFigures(
  db: Db,
  fx: FxTable,
  prices: ReadonlyMap<string, bigint>,
  totalValue: bigint,
  assets: CustodyAsset[],
  now: Date,
): Promise<CustodyAssets['risk']> {
  const clientValues = await selectRows<{
    user_id: string;
    asset_type: string;
    asset: string;
    value: string;
    currency: string;
  }>(
    db,
    sql`select a.user_id, b.asset_type, b.asset, b.total::text as value, coalesce(i.currency, b.asset) as currency
      from balances b join ledger_accounts a on a.id = b.account_id
      left join instruments i on b.asset_type = 'units' and i.id::text = b.asset
      where a.user_id is not null and b.total > 0 and (i.id is null or i.issuer_user_id <> a.user_id)`,
  );
  const perClient = new Map<string, bigint>();
  for (const row of clientValues) {
    const amount = row.asset_type === 'cash' ? BigInt(row.value) : BigInt(row.value) * (prices.get(row.asset) ?? 0n);
    if (!fx.has(row.currency)) continue;
    const reporting = fx.convert(amount, row.currency, CUSTODY_REPORTING_CURRENCY);
    perClient.set(row.user_id, (perClient.get(row.user_id) ?? 0n) + reporting);
  }
  const largestClient = [...perClient.values()].reduce((m, v) => (v > m ? v : m), 0n);
  let unsettled = 0n;
  let failed = 0n;
  for (const v of await openSettlementValues(db)) {
    if (!fx.has(v.currency)) continue;
    unsettled += fx.convert(v.unsettled, v.currency, CUSTODY_REPORTING_CURRENCY);
    failed += fx.convert(v.failed, v.currency, CUSTODY_REPORTING_CURRENCY);
  }
  return {
    largestClientShare: totalValue === 0n ? 0 : Number((largestClient * 10_000n) / totalValue) / 100,
    largestAssetShare: assets.reduce((m, a) => Math.max(m, a.share), 0),
    unsettledValue: fromMinorUnits(unsettled),
    failedValue: fromMinorUnits(failed),
    onTimeRate: await onTimeRate(db, now.toISOString().slice(0, 10)),
  };
}
