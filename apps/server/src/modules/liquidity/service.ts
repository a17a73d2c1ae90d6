import { fromMinorUnits, type LiquidityPool, type LiquidityPools } from '@meridian/schemas';
import type { Db } from '../../db/client';
import {
  selectFillStats,
  selectInventory,
  selectMarks,
  selectProgrammes,
  selectRecentMakerTrades,
  selectRestingQuotes,
  type FillStats,
  type Marks,
  type ProgrammeRow,
  type RestingQuotes,
} from './queries';

const DAY_MS = 86_400_000;
const RECENT_TRADES = 10;

/** Converts minor units of `from` into the reporting currency; null when no rate is known. */
export type ToReporting = (amount: bigint, from: string) => bigint | null;

interface PoolFigures {
  pool: LiquidityPool;
  spreadEarnings: bigint;
  inventoryPnl: bigint;
  volume: bigint;
  liquidity: bigint;
  capital: bigint;
  trades: number;
  twoSided: boolean;
}

const NO_FILLS: FillStats = { trades: 0, volume: 0n, spreadEarnings: 0n, netUnits: 0n, netCash: 0n };
const NO_QUOTES: RestingQuotes = { bidValue: 0n, askValue: 0n, bestBid: null, bestAsk: null };
const NO_MARKS: Marks = { now: null, windowStart: null };

/**
 * One programme's figures. Inventory P&L over the window is the mark-to-market change of the
 * position plus the cash of its fills, minus what the spread earned (so the two add up to
 * the programme's whole trading P&L); capital committed is the resting bids plus the
 * inventory at the mark (resting asks are that inventory, not counted twice).
 */
export function poolFigures(
  quotes: RestingQuotes,
  fills: FillStats,
  marks: Marks,
  inventory: bigint,
): Omit<PoolFigures, 'pool'> & { quotedSpreadBp: number | null; apy: number | null } {
  const markNow = marks.now ?? 0n;
  const startInventory = inventory - fills.netUnits;
  const totalPnl = inventory * markNow - startInventory * (marks.windowStart ?? markNow) + fills.netCash;
  const inventoryPnl = marks.now === null ? 0n : totalPnl - fills.spreadEarnings;
  const capital = quotes.bidValue + (inventory > 0n ? inventory * markNow : 0n);
  const twoSided = quotes.bestBid !== null && quotes.bestAsk !== null;
  const quotedSpreadBp = twoSided
    ? basisPoints(quotes.bestAsk! - quotes.bestBid!, (quotes.bestAsk! + quotes.bestBid!) / 2n)
    : null;
  const apy = capital > 0n ? (Number(fills.spreadEarnings + inventoryPnl) / Number(capital)) * 365 * 100 : null;
  return {
    spreadEarnings: fills.spreadEarnings,
    inventoryPnl,
    volume: fills.volume,
    liquidity: quotes.bidValue + quotes.askValue,
    capital,
    trades: fills.trades,
    twoSided,
    quotedSpreadBp,
    apy: apy === null ? null : round2(apy),
  };
}

/** The quoting programmes of the liquidity provider(s) with their 24h figures (GET /api/liquidity/pools). */
export async function liquidityPools(
  db: Db,
  now: Date,
  reportingCurrency: string,
  toReporting: ToReporting,
): Promise<LiquidityPools> {
  const programmes = await selectProgrammes(db);
  const since = new Date(now.getTime() - DAY_MS);
  const makers = [...new Set(programmes.map((p) => p.makerUserId))];
  const figures: PoolFigures[] = [];
  const recent: LiquidityPools['recentTrades'] = [];
  for (const maker of makers) {
    const [quotes, fills, marks, inventory, trades] = await Promise.all([
      selectRestingQuotes(db, maker),
      selectFillStats(db, maker, since),
      selectMarks(db, maker, since),
      selectInventory(db, maker),
      selectRecentMakerTrades(db, maker, RECENT_TRADES),
    ]);
    for (const programme of programmes.filter((p) => p.makerUserId === maker)) {
      const q = quotes.get(programme.instrumentId) ?? NO_QUOTES;
      const f = poolFigures(
        q,
        fills.get(programme.instrumentId) ?? NO_FILLS,
        marks.get(programme.instrumentId) ?? NO_MARKS,
        inventory.get(programme.instrumentId) ?? 0n,
      );
      figures.push({ ...f, pool: toPool(programme, q, f, inventory.get(programme.instrumentId) ?? 0n) });
    }
    recent.push(
      ...trades.map((t) => ({
        id: t.id,
        pair: `${t.instrumentName}/${t.currency}`,
        side: t.side,
        quantity: t.quantity.toString(),
        price: fromMinorUnits(t.price),
        currency: t.currency,
        executedAt: t.createdAt.toISOString(),
      })),
    );
  }
  recent.sort((a, b) => b.executedAt.localeCompare(a.executedAt));
  return {
    maker: programmes[0] ? { name: programmes[0].makerName } : null,
    reportingCurrency,
    totals: totals(figures, toReporting),
    pools: figures.map((f) => f.pool),
    recentTrades: recent.slice(0, RECENT_TRADES),
    asOf: now.toISOString(),
  };
}

function toPool(
  p: ProgrammeRow,
  q: RestingQuotes,
  f: ReturnType<typeof poolFigures>,
  inventory: bigint,
): LiquidityPool {
  return {
    instrumentId: p.instrumentId,
    pair: `${p.instrumentName}/${p.currency}`,
    instrumentName: p.instrumentName,
    currency: p.currency,
    liquidity: fromMinorUnits(f.liquidity),
    bidLiquidity: fromMinorUnits(q.bidValue),
    askLiquidity: fromMinorUnits(q.askValue),
    quotedSpreadBp: f.quotedSpreadBp,
    targetSpreadBp: p.halfSpreadBp * 2,
    volume24h: fromMinorUnits(f.volume),
    trades24h: f.trades,
    spreadEarnings24h: fromMinorUnits(f.spreadEarnings),
    inventoryPnl24h: fromMinorUnits(f.inventoryPnl),
    capitalCommitted: fromMinorUnits(f.capital),
    apy: f.apy,
    inventoryUnits: inventory.toString(),
    status: p.status === 'paused' ? 'paused' : f.liquidity > 0n ? 'active' : 'idle',
  };
}

/** Totals in the reporting currency; a pool whose currency has no rate is left out of the sums. */
function totals(figures: PoolFigures[], toReporting: ToReporting): LiquidityPools['totals'] {
  const sum = (pick: (f: PoolFigures) => bigint) =>
    figures.reduce((acc, f) => acc + (toReporting(pick(f), f.pool.currency) ?? 0n), 0n);
  const spreadEarnings = sum((f) => f.spreadEarnings);
  const inventoryPnl = sum((f) => f.inventoryPnl);
  const volume = sum((f) => f.volume);
  const capital = sum((f) => f.capital);
  const spreads = figures.flatMap((f) => (f.pool.quotedSpreadBp === null ? [] : [f.pool.quotedSpreadBp]));
  return {
    spreadEarnings24h: fromMinorUnits(spreadEarnings),
    inventoryPnl24h: fromMinorUnits(inventoryPnl),
    volume24h: fromMinorUnits(volume),
    liquidity: fromMinorUnits(sum((f) => f.liquidity)),
    capitalCommitted: fromMinorUnits(capital),
    activePairs: figures.filter((f) => f.pool.status === 'active').length,
    trades24h: figures.reduce((acc, f) => acc + f.trades, 0),
    twoSidedShare: figures.length === 0 ? 0 : round2((figures.filter((f) => f.twoSided).length / figures.length) * 100),
    averageSpreadBp: spreads.length === 0 ? null : round2(spreads.reduce((a, b) => a + b, 0) / spreads.length),
    earningsPerVolumeBp: volume > 0n ? basisPoints(spreadEarnings, volume) : null,
    apy: capital > 0n ? round2((Number(spreadEarnings + inventoryPnl) / Number(capital)) * 365 * 100) : null,
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function basisPoints(part: bigint, whole: bigint): number | null {
  if (whole === 0n) return null;
  return round2((Number(part) / Number(whole)) * 10_000);
}
