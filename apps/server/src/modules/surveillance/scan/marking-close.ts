import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../../db/client';
import { closingWindow, detectMarkingClose, RULE_PARAMETERS, type Detection, type TradeFact } from '../rules';
import type { Pass } from './pass';
import { instrumentTrades, lastPriceBefore } from './trades';

/**
 * Marking the close judges each instrument's closing window once. The group lags by the window's
 * length, so by the time any trade of a window is judged the window has closed and all its trades
 * are there: the pass that meets a window's first trades evaluates the whole window, and later
 * passes that meet more of it (a busy close spans many batches) skip it instead of reading the
 * window again each time (and adding the same trades to the case's evidence again).
 */
export async function markingCloseRule(tx: Tx, batch: TradeFact[], pass: Pass): Promise<Detection[]> {
  const windowMs = RULE_PARAMETERS.marking_close.windowMs;
  const windows = new Map<string, { instrumentId: string; close: number }>();
  for (const t of batch) {
    const close = closingWindow(t.at);
    if (close !== null) windows.set(`${t.instrumentId}|${close}`, { instrumentId: t.instrumentId, close });
  }
  const detections: Detection[] = [];
  for (const { instrumentId, close } of windows.values()) {
    // The window's earliest trade (one index probe): judged already if the cursor has passed it.
    const [first] = await selectRows<{ sequence: string }>(
      tx,
      sql`select sequence::text as sequence from trades where instrument_id = ${instrumentId}
            and created_at >= ${new Date(close - windowMs).toISOString()}::timestamptz
            and created_at < ${new Date(close).toISOString()}::timestamptz
          order by trades.created_at, trades.sequence limit 1`,
    );
    const judged = first !== undefined && BigInt(first.sequence) <= pass.after;
    if (judged) continue;
    // The whole window, trades of it after this batch included: it has closed.
    const trades = await instrumentTrades(tx, instrumentId, close - windowMs, close, null);
    detections.push(...detectMarkingClose(trades, await lastPriceBefore(tx, instrumentId, close - windowMs)));
  }
  return detections;
}
