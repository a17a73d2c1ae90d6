import { CURRENCIES } from '@meridian/schemas';
import type { CurveObservation, FxObservation, MarketState } from '@meridian/risk';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { loadFxTable } from '../fx/service';

// Market inputs of the risk engine. Today's levels are what instruments are priced on (the
// platform curves and rating spreads, the latest ECB rates); the historical CHANGES come from
// the shipped Treasury and ECB histories (packages/risk README: USD + constant basis).

export interface MarketHistory {
  curves: CurveObservation[];
  fx: FxObservation[];
}

// Treasury columns on the engine's shock grid (3 Mo … 30 Yr).
const GRID = ['m3', 'm6', 'y1', 'y2', 'y3', 'y5', 'y7', 'y10', 'y20', 'y30'];
const FX_COLUMNS = CURRENCIES.filter((c) => c !== 'EUR').map((c) => c.toLowerCase());

// The histories are fixed after the seed: read once per database handle.
const cache = new WeakMap<Db, Promise<MarketHistory>>();

export function marketHistory(db: Db): Promise<MarketHistory> {
  let history = cache.get(db);
  if (!history) {
    history = readHistory(db);
    history.catch(() => cache.delete(db));
    cache.set(db, history);
  }
  return history;
}

async function readHistory(db: Db): Promise<MarketHistory> {
  const curveRows = await selectRows<Record<string, string | null>>(
    db,
    sql.raw(`select curve_date::text as date, ${GRID.map((c) => `${c}::float8 as ${c}`).join(', ')}
      from treasury_par_yields order by curve_date`),
  );
  const fxRows = await selectRows<Record<string, string | number | null>>(
    db,
    sql.raw(`select rate_date::text as date, ${FX_COLUMNS.map((c) => `${c}::float8 as ${c}`).join(', ')}
      from fx_reference_rates order by rate_date`),
  );
  const curves = curveRows.map((r) => ({
    date: String(r.date),
    yieldsPercent: GRID.map((c) => (r[c] === null || r[c] === undefined ? null : Number(r[c]))),
  }));
  const fx = fxRows.flatMap((r) => {
    const usdPerEur = Number(r.usd);
    if (!(usdPerEur > 0)) return [];
    const usdPerUnit: Record<string, number> = { USD: 1, EUR: usdPerEur };
    for (const c of FX_COLUMNS)
      if (c !== 'usd' && Number(r[c]) > 0) usdPerUnit[c.toUpperCase()] = usdPerEur / Number(r[c]);
    return [{ date: String(r.date), usdPerUnit }];
  });
  return { curves, fx };
}

export interface TodayMarket {
  state: MarketState;
  fxRateDate: string | null;
}

/**
 * Today's curves, spreads and FX (USD per unit, latest ECB reference rates). With `asOf`, the
 * ECB rates of that day; curves and spreads are today's (the platform keeps no history of them).
 */
export async function todayMarket(db: Db, asOf?: string): Promise<TodayMarket> {
  const points = await selectRows<{ currency: string; tenor: number; rate: number }>(
    db,
    sql`select currency, tenor_years as tenor, rate from risk_free_curve_points order by currency, tenor_years`,
  );
  const spreads = await selectRows<{ rating: string; spread_bp: number }>(
    db,
    sql`select rating, spread_bp from credit_spreads`,
  );
  const fx = await loadFxTable(db, asOf);
  const curves: Record<string, { tenor: number; rate: number }[]> = {};
  for (const p of points) (curves[p.currency] ??= []).push({ tenor: Number(p.tenor), rate: Number(p.rate) });
  const usdPerUnit: Record<string, number> = {};
  for (const c of CURRENCIES) if (fx.has(c) && fx.has('USD')) usdPerUnit[c] = Number(fx.rateText(c, 'USD'));
  return {
    state: {
      curves,
      spreadsBp: Object.fromEntries(spreads.map((s) => [s.rating, Number(s.spread_bp)])),
      // Unrated issuers: the B spread (no rating is not evidence of quality).
      unratedSpreadBp: Number(spreads.find((s) => s.rating === 'B')?.spread_bp ?? 0),
      usdPerUnit,
    },
    fxRateDate: fx.rateDate,
  };
}
