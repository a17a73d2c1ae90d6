import { makeCurve } from '@meridian/risk';
import type { ContractType } from '@meridian/schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instruments } from '../../db/schema';
import { computeEvents } from '../instruments/engine';
import { selectCurves, selectInstruments, selectSpreads } from '../instruments/queries';
import { valueInstrument } from '../instruments/valuation';

export interface ModelQuote {
  instrumentId: string;
  issuerUserId: string;
  /** Model price per unit in hundredths (the instruments module's valuation, ignoring trades). */
  price: bigint;
}

/**
 * Fair values of the active instruments as the instruments module computes them, but
 * never from the last trade: the liquidity provider anchors on the model, so trades
 * move prices around it instead of the quotes chasing their own prints.
 */
export async function modelPrices(db: Db, today = new Date().toISOString().slice(0, 10)): Promise<ModelQuote[]> {
  const [rows, curves, spreads] = await Promise.all([selectInstruments(db, eq(instruments.status, 'active')), selectCurves(db), selectSpreads(db)]);
  const quotes: ModelQuote[] = [];
  for (const row of rows) {
    const points = curves.get(row.currency);
    const events = computeEvents(row.terms, row.observations);
    const valuation = valueInstrument({
      contractType: row.contractType as ContractType,
      terms: row.terms,
      events: events.ok ? events.value : [],
      units: row.units,
      curve: points && points.length > 0 ? makeCurve(points) : null,
      spread: (row.rating && spreads.get(row.rating)) || 0,
      lastPrice: null,
      now: today,
    });
    if (valuation.price !== null && valuation.price > 0n) quotes.push({ instrumentId: row.id, issuerUserId: row.issuerUserId, price: valuation.price });
  }
  return quotes;
}
