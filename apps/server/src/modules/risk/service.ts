import { backtestVar, baselCapital, type CounterpartyClass } from '@meridian/risk';
import { fromMinorUnits, type Currency, type RiskMetrics } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { loadFxTable, type FxTable } from '../fx/service';
import {
  computeFigures,
  standardScenarios,
  stressFigures,
  VAR_METHOD,
  type PortfolioFigures,
  type StressFigure,
} from './compute';
import { backfillIfEmpty, snapshotsOf } from './history';
import { capitalBaseOf, evaluateLimits, organisationLimits, syncAlerts } from './limits';
import { marketHistory, todayMarket } from './market';
import { performanceOf } from './performance';
import { loadPortfolio, scopeKeyOf, type Portfolio, type ScopeTarget } from './positions';

// GET /api/risk/metrics: cached per portfolio and recomputed only when something it depends
// on changed (a journal entry = positions or cash, a trade = prices, curves, spreads, limits,
// capital). The version check is one small query, so a cached answer costs a few ms.

const cache = new Map<string, { version: string; result: Promise<RiskMetrics> }>();

/**
 * Engine figures are USD doubles: each is rounded to cents once, then converted exactly
 * (bigint, one division: modules/fx) into the reporting currency at the latest ECB rates.
 */
export function reportingMoney(fx: FxTable, currency: Currency) {
  if (currency !== 'USD' && !(fx.has(currency) && fx.has('USD')))
    throw new AppError(422, 'FX_RATE_UNAVAILABLE', `No FX rate to report in ${currency}`);
  const fromCents = (cents: bigint) => fromMinorUnits(currency === 'USD' ? cents : fx.convert(cents, 'USD', currency));
  return {
    /** A USD engine figure. */
    amount: (n: number) => fromCents(BigInt(Math.round(n * 100))),
    /** A stored USD decimal string ('-12.34'). */
    text: (t: string) => {
      const negative = t.startsWith('-');
      const [whole, fraction = ''] = (negative ? t.slice(1) : t).split('.');
      const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
      return fromCents(negative ? -cents : cents);
    },
  };
}

/**
 * What a cached answer depends on, in ONE statement (the cached path's only query besides the
 * session): the journal (positions, cash, trades: one scan for its latest time and count, so
 * an entry whose transaction began earlier but committed later still changes it), curves,
 * spreads, limits, capital base, instruments in default (a missed payment writes no journal entry), this portfolio's stored history (by primary-key prefix, not
 * every portfolio's), and the caller's organisation (limits and capital are the organisation's),
 * which spares the route a separate lookup for its own portfolio. An organisation scope asked
 * for without a user (COREP per organisation: userId '') looks up no user.
 */
async function version(
  db: Db,
  userId: string,
  historyKey: string,
): Promise<{ version: string; organisationId: string | null }> {
  const [row] = await selectRows<Record<string, string | null>>(
    db,
    sql`select (select organisation_id from users where id = ${userId || null}) as organisation,
               (select max(created_at)::text || ' ' || count(*) from journal_entries) as journal,
               (select count(*)::text from instruments where status = 'defaulted') as defaulted,
               (select max(as_of)::text from risk_free_curve_points) as curves,
               (select string_agg(rating || spread_bp, ',') from credit_spreads) as spreads,
               (select max(updated_at)::text from risk_limits) as limits,
               (select max(updated_at)::text from risk_capital_base) as capital,
               (select max(created_at)::text from risk_snapshots where scope_key = ${historyKey}) as snapshots`,
  );
  return { version: JSON.stringify(row), organisationId: row?.organisation ?? null };
}

/** A scope target whose organisation the version query may fill in (undefined: not looked up yet). */
export type MetricsTarget = Omit<ScopeTarget, 'organisationId'> & { organisationId?: string | null };

export async function riskMetrics(db: Db, request: MetricsTarget, currency: Currency = 'USD'): Promise<RiskMetrics> {
  // Own portfolio: keyed by the user alone, so its history key is known before the organisation.
  const historyKey = scopeKeyOf({ ...request, organisationId: request.organisationId ?? null });
  const current = await version(db, request.userId, historyKey);
  const target: ScopeTarget = { ...request, organisationId: request.organisationId ?? current.organisationId };
  const key = `${scopeKeyOf(target)}|${currency}`;
  const cached = cache.get(key);
  if (cached?.version === current.version) return cached.result;
  const result = computeMetrics(db, target, currency);
  cache.set(key, { version: current.version, result });
  result.catch(() => cache.delete(key));
  return result;
}

export interface ComputedPortfolio {
  portfolio: Portfolio;
  figures: PortfolioFigures;
}

/** A portfolio's engine figures now, or (`asOf`, a past date) with that day's holdings and FX rates. */
export async function computePortfolio(
  db: Db,
  target: ScopeTarget,
  asOf?: string,
): Promise<ComputedPortfolio & { history: Awaited<ReturnType<typeof marketHistory>>; fxRateDate: string | null }> {
  const [portfolio, market, history] = await Promise.all([
    loadPortfolio(db, target, asOf),
    todayMarket(db, asOf),
    marketHistory(db),
  ]);
  return {
    portfolio,
    figures: computeFigures(portfolio, market.state, history),
    history,
    fxRateDate: market.fxRateDate,
  };
}

const COUNTERPARTY: Record<string, CounterpartyClass> = {
  government: 'sovereign',
  financial: 'bank',
  corporate: 'corporate',
  municipal: 'corporate',
};

async function computeMetrics(db: Db, target: ScopeTarget, currency: Currency): Promise<RiskMetrics> {
  const money = reportingMoney(await loadFxTable(db), currency);
  const usd = money.amount;
  const { portfolio, figures, history, fxRateDate } = await computePortfolio(db, target);
  const { compiled } = figures;
  await backfillIfEmpty(db, portfolio.key, compiled, history);
  const snapshots = await snapshotsOf(db, portfolio.key);
  const backtest = backtestVar(backtestDaysOf(snapshots));

  const cashUsd = compiled.positions.reduce((s, p, i) => (p.kind === 'cash' ? s + compiled.baseValues[i]! : s), 0);
  const reservedUsd = [...portfolio.reservedCash.entries()].reduce(
    (s, [ccy, minor]) =>
      s +
      (Number(minor) / 100) *
        (compiled.positions.find((p) => p.id === `cash:${ccy}`)
          ? compiled.usd[compiled.positions.findIndex((p) => p.id === `cash:${ccy}`)]!
          : 0),
    0,
  );
  const limits = evaluateLimits(await organisationLimits(db, portfolio.organisationId), {
    var95: figures.var.var95,
    concentration: figures.concentration,
    leverage: figures.leverage,
    liquidity: reservedUsd > 0 ? cashUsd / reservedUsd : null,
  });
  const alerts = await syncAlerts(db, portfolio.key, limits);

  const capital = await capitalOf(db, target, portfolio, figures, snapshots, backtest);
  const stress = stressFigures(compiled, standardScenarios(compiled, history)).map((s) =>
    stressRow(s, stressCapitalOf(capital), usd),
  );

  return {
    scope: target.scope,
    scopeName: portfolio.name,
    computedAt: new Date().toISOString(),
    reportingCurrency: currency,
    portfolioValue: usd(figures.value),
    positions: compiled.positions.filter((p) => p.kind !== 'cash').length,
    var: {
      var95: usd(figures.var.var95),
      var99: usd(figures.var.var99),
      var95TenDay: usd(figures.var.var95TenDay),
      var99TenDay: usd(figures.var.var99TenDay),
      es975: usd(figures.var.es975),
      parametric95: usd(figures.var.parametric95),
      parametric99: usd(figures.var.parametric99),
      scenarios: figures.var.scenarios,
      window: figures.var.window,
      method: VAR_METHOD,
    },
    dv01: usd(figures.dv01),
    cs01: usd(figures.cs01),
    creditRating: figures.rating,
    leverageRatio: figures.leverage === null ? null : Math.round(figures.leverage * 100) / 100,
    exposure: figures.exposure.map((e) => ({ ...e, value: usd(e.value) })),
    // Limits are evaluated in USD (organisation data); the money one is shown in the reporting currency.
    limits: limits.map((l) =>
      l.kind === 'var_95'
        ? {
            ...l,
            limit: Number(usd(l.limit)),
            current: l.current === null ? null : Number(usd(l.current)),
            currency,
          }
        : { ...l, currency: null },
    ),
    alerts,
    capital: capital ? capitalDto(portfolio.name, capital.base, capital.result, usd, money) : null,
    stress,
    backtest: {
      days: backtest.days,
      exceptions: backtest.exceptions,
      kupiecLr: backtest.kupiecLr === null ? null : Math.round(backtest.kupiecLr * 1000) / 1000,
      kupiecRejected: backtest.kupiecRejected,
      zone: backtest.zone,
      source:
        'Stored daily history: 99 % 1-day VaR in force each day vs that day’s P&L (back-filled days: hypothetical P&L of today’s positions under the real market move)',
    },
    history: snapshots.map((r) => ({
      date: r.snapshotDate,
      value: money.text(r.value),
      var95: money.text(r.var95),
      var99: money.text(r.var99),
      pnl: money.text(r.pnl),
      source: r.source as 'backfill' | 'daily',
    })),
    notPriced: compiled.notPriced.map((n) => ({ instrumentId: n.id, name: n.name, reason: n.reason })),
    noHistory: figures.noHistory,
    fxRateDate,
    performance: await performanceOf(db, snapshots),
  };
}

/** The organisation's Basel III capital on a portfolio's figures; null for the whole market or without a capital base. */
async function capitalOf(
  db: Db,
  target: ScopeTarget,
  portfolio: Portfolio,
  figures: PortfolioFigures,
  snapshots: Awaited<ReturnType<typeof snapshotsOf>>,
  backtest: ReturnType<typeof backtestVar>,
) {
  const base = target.scope === 'market' ? null : await capitalBaseOf(db, portfolio.organisationId);
  return base ? { base, result: baselFor(figures.compiled, figures, portfolio, base, snapshots, backtest) } : null;
}

/** What a stress loss is measured against (USD): Tier 1 capital and risk-weighted assets; null without a capital base. */
export type StressCapital = { tier1: number; rwa: number } | null;

function stressCapitalOf(capital: Awaited<ReturnType<typeof capitalOf>>): StressCapital {
  return capital
    ? { tier1: (Number(capital.base.cet1) + Number(capital.base.additionalTier1)) / 100, rwa: capital.result.rwa }
    : null;
}

/**
 * The capital a custom stress on this portfolio is measured against: the same Basel III
 * figures `GET /api/risk/metrics` computes (history back-filled once, as there), so a custom
 * scenario equal to a predefined one gets the same Capital Impact and Status.
 */
export async function stressCapital(
  db: Db,
  target: ScopeTarget,
  { portfolio, figures, history }: ComputedPortfolio & { history: Awaited<ReturnType<typeof marketHistory>> },
): Promise<StressCapital> {
  if (target.scope === 'market') return null;
  await backfillIfEmpty(db, portfolio.key, figures.compiled, history);
  const snapshots = await snapshotsOf(db, portfolio.key);
  const backtest = backtestVar(backtestDaysOf(snapshots));
  return stressCapitalOf(await capitalOf(db, target, portfolio, figures, snapshots, backtest));
}

/**
 * One row of Stress Test Scenarios, predefined or custom (`POST /api/risk/stress`): the impact
 * in the reporting currency (`usd` converts a USD engine figure), Capital Impact = the loss as
 * a percentage of Tier 1, and Status fail when the loss would take Tier 1 below 6 % of RWA
 * (without a capital base: when the risk level is high).
 */
export function stressRow(s: StressFigure, capital: StressCapital, usd: (value: number) => string) {
  const loss = Math.max(0, -s.impact);
  const tier1 = capital?.tier1 ?? null;
  const capitalImpact = tier1 && tier1 > 0 ? Math.round((loss / tier1) * 10_000) / 100 : null;
  const fails =
    capital && tier1 !== null && capital.rwa > 0 ? (tier1 - loss) / capital.rwa < 0.06 : s.riskLevel === 'high';
  return {
    scenario: s.scenario,
    portfolioImpact: usd(s.impact),
    impactPercent: Math.round(s.impactPercent * 100) / 100,
    capitalImpact,
    riskLevel: s.riskLevel,
    status: fails ? ('fail' as const) : ('pass' as const),
    note: s.note,
  };
}

/** Ratio → percent with 2 decimals. */
function pct(x: number | null): number | null {
  return x === null ? null : Math.round(x * 10_000) / 100;
}

type CapitalBase = NonNullable<Awaited<ReturnType<typeof capitalBaseOf>>>;
type Compiled = PortfolioFigures['compiled'];

/** Basel III standardised capital of a portfolio's positions against its organisation's capital base. */
function baselFor(
  compiled: Compiled,
  figures: PortfolioFigures,
  portfolio: Portfolio,
  base: CapitalBase,
  snapshots: Awaited<ReturnType<typeof snapshotsOf>>,
  backtest: ReturnType<typeof backtestVar>,
) {
  const exposures = compiled.positions.flatMap((p, i) =>
    p.kind === 'cash'
      ? []
      : [
          {
            amount: Math.abs(compiled.baseValues[i]!),
            rating: p.rating,
            counterparty: COUNTERPARTY[portfolio.info.get(p.id)?.sector ?? ''] ?? 'corporate',
          },
        ],
  );
  const recent = snapshots.slice(-60);
  const average60 = recent.length
    ? (recent.reduce((s, r) => s + Number(r.var99), 0) / recent.length) * Math.sqrt(10)
    : 0;
  return baselCapital({
    exposures,
    capital: {
      cet1: Number(base.cet1) / 100,
      additionalTier1: Number(base.additionalTier1) / 100,
      tier2: Number(base.tier2) / 100,
    },
    marketVar: { latest: figures.var.var99TenDay, average60, plusFactor: backtest.plusFactor },
    leverageExposure: figures.grossValue,
  });
}

function capitalDto(
  organisation: string,
  base: CapitalBase,
  result: ReturnType<typeof baselCapital>,
  usd: (value: number) => string,
  money: ReturnType<typeof reportingMoney>,
): NonNullable<RiskMetrics['capital']> {
  const tier1 = (Number(base.cet1) + Number(base.additionalTier1)) / 100;
  return {
    organisation,
    cet1: money.text(fromMinorUnits(base.cet1)),
    base: {
      cet1: fromMinorUnits(base.cet1),
      additionalTier1: fromMinorUnits(base.additionalTier1),
      tier2: fromMinorUnits(base.tier2),
    },
    tier1: usd(tier1),
    totalCapital: usd(tier1 + Number(base.tier2) / 100),
    creditRwa: usd(result.creditRwa),
    marketRwa: usd(result.marketRwa),
    rwa: usd(result.rwa),
    cet1Ratio: pct(result.ratios.cet1),
    tier1Ratio: pct(result.ratios.tier1),
    totalRatio: pct(result.ratios.total),
    leverageRatio: pct(result.leverageRatio),
    status: result.status,
    buckets: result.buckets.map((b) => ({
      counterparty: b.counterparty,
      weight: b.weight,
      exposure: usd(b.exposure),
      rwa: usd(b.rwa),
    })),
  };
}

const backtestDaysOf = (snapshots: Awaited<ReturnType<typeof snapshotsOf>>) =>
  snapshots.flatMap((row, i) => {
    const varInForce = row.source === 'backfill' ? row.var99 : snapshots[i - 1]?.var99;
    return varInForce === undefined ? [] : [{ date: row.snapshotDate, var: Number(varInForce), pnl: Number(row.pnl) }];
  });

/**
 * An organisation's Basel III capital at the end of the UTC day `asOf` (a past date): that
 * day's holdings and FX rates, the VaR history stored up to it, the capital base as recorded
 * (the base is not versioned: its current figures). Null without a capital base.
 */
export async function capitalAt(db: Db, target: ScopeTarget, asOf: string): Promise<RiskMetrics['capital']> {
  const money = reportingMoney(await loadFxTable(db), 'USD');
  const { portfolio, figures } = await computePortfolio(db, target, asOf);
  const base = await capitalBaseOf(db, portfolio.organisationId);
  if (!base) return null;
  const snapshots = (await snapshotsOf(db, portfolio.key)).filter((row) => row.snapshotDate <= asOf);
  const backtest = backtestVar(backtestDaysOf(snapshots));
  const result = baselFor(figures.compiled, figures, portfolio, base, snapshots, backtest);
  return capitalDto(portfolio.name, base, result, money.amount, money);
}
