import { historicalVar, revalue, SHOCK_TENORS, type CompiledPortfolio, type HistoricalScenario } from '@meridian/risk';
import { historicalScenarios } from '@meridian/risk';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { riskSnapshots } from '../../db/schema';
import type { MarketHistory } from './market';

// Daily history of a portfolio (value, 1-day VaR 95/99, P&L). The back-fill runs the engine
// over the historical window with today's positions: day d's P&L is the revaluation under
// that day's real market change, its VaR the quantile of the 500 days before it, its value
// today's value moved by the change from d to the last day of data. Nothing is drawn at random.

const BACKFILL_DAYS = 250;
const VAR_WINDOW = 500;
const cents = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

export async function backfillIfEmpty(db: Db, scopeKey: string, compiled: CompiledPortfolio, history: MarketHistory) {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(riskSnapshots)
    // Daily rows may exist first (the job ran before anyone looked): back-fill once regardless.
    .where(sql`${riskSnapshots.scopeKey} = ${scopeKey} and ${riskSnapshots.source} = 'backfill'`);
  if ((existing?.n ?? 0) > 0 || compiled.positions.length === 0) return;
  const daily = historicalScenarios(history.curves, history.fx, { horizonDays: 1, count: BACKFILL_DAYS + VAR_WINDOW });
  if (daily.length <= VAR_WINDOW) return;
  const pnl = revalue(compiled, daily);
  const last = history.curves.at(-1)!;
  const lastFx = history.fx.at(-1)!;
  const days = daily.slice(VAR_WINDOW);
  // Value on day d: today's positions under the market of d relative to the last day of data.
  const levels: HistoricalScenario[] = days.map((d) => levelScenario(d.to, history, last, lastFx));
  const values = revalue(compiled, levels);
  const rows = days.map((day, i) => {
    const window = Array.from(pnl.subarray(i, i + VAR_WINDOW));
    return {
      scopeKey,
      snapshotDate: day.to,
      value: cents(compiled.baseValue + values[i]!),
      var95: cents(historicalVar(window, 0.95)),
      var99: cents(historicalVar(window, 0.99)),
      pnl: cents(pnl[i + VAR_WINDOW]!),
      source: 'backfill',
    };
  });
  await db.insert(riskSnapshots).values(rows).onConflictDoNothing();
}

function levelScenario(
  date: string,
  history: MarketHistory,
  last: MarketHistory['curves'][number],
  lastFx: MarketHistory['fx'][number],
): HistoricalScenario {
  const curve = [...history.curves].reverse().find((c) => c.date <= date)!;
  const fx = [...history.fx].reverse().find((f) => f.date <= date);
  const rateShiftBp = SHOCK_TENORS.map((_, k) => {
    const a = curve.yieldsPercent[k];
    const b = last.yieldsPercent[k];
    return a == null || b == null ? 0 : (a - b) * 100;
  });
  const fxReturn: Record<string, number> = {};
  for (const [ccy, v] of Object.entries(fx?.usdPerUnit ?? {})) {
    const now = lastFx.usdPerUnit[ccy];
    if (now) fxReturn[ccy] = v / now - 1;
  }
  return { name: date, from: last.date, to: date, rateShiftBp, fxReturn };
}

/** Today's snapshot from the daily job (P&L against the previous stored value). */
export async function writeDailySnapshot(
  db: Db,
  scopeKey: string,
  date: string,
  figures: { value: number; var95: number; var99: number },
) {
  const [previous] = await db
    .select({ value: riskSnapshots.value })
    .from(riskSnapshots)
    .where(
      sql`${riskSnapshots.scopeKey} = ${scopeKey} and ${riskSnapshots.snapshotDate} < ${date} and ${riskSnapshots.source} = 'daily'`,
    )
    .orderBy(desc(riskSnapshots.snapshotDate))
    .limit(1);
  const pnl = previous ? figures.value - Number(previous.value) : 0;
  await db
    .insert(riskSnapshots)
    .values({
      scopeKey,
      snapshotDate: date,
      value: cents(figures.value),
      var95: cents(figures.var95),
      var99: cents(figures.var99),
      pnl: cents(pnl),
      source: 'daily',
    })
    .onConflictDoNothing();
}

export async function snapshotsOf(db: Db, scopeKey: string, limit = 250) {
  const rows = await db
    .select()
    .from(riskSnapshots)
    .where(eq(riskSnapshots.scopeKey, scopeKey))
    .orderBy(desc(riskSnapshots.snapshotDate))
    .limit(limit);
  return rows.reverse();
}
