import type { ContractEvent } from '@meridian/actus';
import { makeCurve } from '@meridian/risk';
import type { ContractType } from '@meridian/schemas';
import type { Db } from '../../db/client';
import { VersionedCache } from '../../db/reference-version';
import { computeEvents } from './engine';
import { forwardProjection } from './projection';
import {
  selectCurves,
  selectInstruments,
  selectMarketStats,
  selectSpreads,
  type InstrumentRow,
  type MarketStats,
} from './queries';
import { valueInstrument, type Valuation } from './valuation';

// Valuations of instruments, cached: per instrument (events; valuations by day, curve, spread
// and last price) and, for the whole list, per reference version (the catalogue, decision 0067).

// Terms never change after issue, so neither do their events: compute once per process.
const eventCache = new Map<string, ContractEvent[]>();

/** The schedule computed at issue, so the first valuation does not compute it again. */
export function rememberEvents(instrumentId: string, events: ContractEvent[]): void {
  eventCache.set(instrumentId, events);
}

// Valuations change with the day, the curve and the last trade only. Model-only valuations
// (no last trade) are kept apart so the marketplace and the desk's quotes do not evict each other.
const valuationCache = new Map<string, { key: string; valuation: Valuation }>();
const modelCache = new Map<string, { key: string; valuation: Valuation }>();

export function eventsOf(row: InstrumentRow): ContractEvent[] {
  let events = eventCache.get(row.id);
  if (!events) {
    const computed = computeEvents(row.terms, row.observations);
    // Stored terms were accepted at issue; a later engine refusal leaves the schedule empty.
    events = computed.ok ? computed.value : [];
    eventCache.set(row.id, events);
  }
  return events;
}

/** Events to value: floating coupons re-projected on today's forward curve, else the stored schedule. */
export function valuationEvents(
  row: InstrumentRow,
  curve: ReturnType<typeof makeCurve> | null,
  today: string,
): ContractEvent[] {
  const projected = curve ? forwardProjection(row.observations, row.currency, curve, today) : null;
  if (!projected) return eventsOf(row);
  const computed = computeEvents(row.terms, projected);
  return computed.ok ? computed.value : eventsOf(row);
}

/** Curves and spreads by which instruments are valued (change only with the reference data). */
export interface Reference {
  curves: Map<string, { tenor: number; rate: number }[]>;
  spreads: Map<string, number>;
  /** Per currency, its curve points as text: the valuation cache's key part (computed once per load). */
  curveKeys: Map<string, string>;
}

export interface MarketContext extends Reference {
  stats: Map<string, MarketStats>;
  today: string;
}

export const todayUtc = () => new Date().toISOString().slice(0, 10);

async function loadReference(db: Db): Promise<Reference> {
  const [curves, spreads] = await Promise.all([selectCurves(db), selectSpreads(db)]);
  const curveKeys = new Map([...curves].map(([currency, points]) => [currency, JSON.stringify(points)]));
  return { curves, spreads, curveKeys };
}

export async function loadMarket(db: Db, rows: readonly InstrumentRow[], withTrades = true): Promise<MarketContext> {
  const [reference, stats] = await Promise.all([
    loadReference(db),
    withTrades
      ? selectMarketStats(
          db,
          rows.map((r) => r.id),
        )
      : new Map<string, MarketStats>(),
  ]);
  return { ...reference, stats, today: todayUtc() };
}

/** Valuation at the last trade when there is one (`useTrades`), else the model or issue price. */
export function valuationOf(row: InstrumentRow, market: MarketContext, useTrades = true): Valuation {
  const lastPrice = useTrades ? (market.stats.get(row.id)?.lastPrice ?? null) : null;
  return valuationAt(row, market, market.today, lastPrice, useTrades ? valuationCache : modelCache);
}

function valuationAt(
  row: InstrumentRow,
  reference: Reference,
  today: string,
  lastPrice: bigint | null,
  cache: typeof valuationCache,
): Valuation {
  const points = reference.curves.get(row.currency) ?? null;
  const spread = (row.rating && reference.spreads.get(row.rating)) || 0;
  const key = `${today}|${reference.curveKeys.get(row.currency) ?? 'null'}|${spread}|${lastPrice}`;
  const cached = cache.get(row.id);
  if (cached?.key === key) return cached.valuation;
  const curve = points && points.length > 0 ? makeCurve(points) : null;
  const valuation = valueInstrument({
    contractType: row.contractType as ContractType,
    terms: row.terms,
    events: valuationEvents(row, curve, today),
    units: row.units,
    curve,
    spread,
    lastPrice,
    now: today,
  });
  cache.set(row.id, { key, valuation });
  return valuation;
}

/**
 * Every instrument (newest first) with the curves and spreads that value them, loaded once per
 * reference version (db/reference-version.ts, decision 0067): instruments, issuers, curves and
 * spreads change rarely, and every such write moves the version.
 */
export interface InstrumentCatalogue extends Reference {
  rows: InstrumentRow[];
  byId: Map<string, InstrumentRow>;
}

const catalogues = new VersionedCache<InstrumentCatalogue>();

/** The catalogue of `version` (read by the caller before this call), else a newer one. */
export function instrumentCatalogue(db: Db, version: bigint): Promise<InstrumentCatalogue> {
  return catalogues.get(db, version, async () => {
    const [rows, reference] = await Promise.all([selectInstruments(db), loadReference(db)]);
    return { ...reference, rows, byId: new Map(rows.map((row) => [row.id, row])) };
  });
}

/**
 * The shown price per unit of a catalogued instrument (hundredths, null when none): its last
 * trade when it has one, else the model or issue price, as the list shows it.
 */
export function cataloguePrice(catalogue: InstrumentCatalogue, row: InstrumentRow, lastPrice: bigint | null) {
  return valuationAt(row, catalogue, todayUtc(), lastPrice, valuationCache).price;
}
