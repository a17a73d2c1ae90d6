import { randomUUID } from 'node:crypto';
import {
  fromMinorUnits,
  money,
  moneyToDecimal,
  toMinorUnits,
  type FxConversion,
  type FxConversionRequest,
} from '@meridian/schemas';
import type { Db } from '../../db/client';
import { retryingTransaction } from '../../db/retry';
import { unprocessable } from '../../errors';
import { recordAudit } from '../audit/record';
import { cashBalance, convertCash } from '../ledger';
import { FX_SOURCE, loadFxTable } from './service';

/**
 * Converts a user's own cash at the latest ECB reference rate (exact decimals, rounded half away
 * from zero, once), so an instrument in any platform currency can be bought (issue 13 item 4).
 * One transaction: both ledger legs and the audit row (run again after a deadlock).
 */
export async function convertOwnCash(db: Db, userId: string, request: FxConversionRequest): Promise<FxConversion> {
  const amount = toMinorUnits(request.amount)!;
  const table = await loadFxTable(db);
  for (const currency of [request.from, request.to])
    if (!table.has(currency)) throw unprocessable('FX_RATE_UNAVAILABLE', `No FX rate for ${currency}`);
  const converted = table.convertToMinorUnit(amount, request.from, request.to);
  if (converted <= 0n)
    throw unprocessable(
      'AMOUNT_TOO_SMALL',
      `${fromMinorUnits(amount)} ${request.from} is less than ${moneyToDecimal(money(1n, request.to))} ${request.to}`,
    );
  const rate = table.rateText(request.from, request.to);
  const dates = table.quotes
    .filter((q) => q.currency === request.from || q.currency === request.to)
    .map((q) => q.rateDate)
    .sort();
  const rateDate = dates.at(-1) ?? table.rateDate!;
  const reference = `fx:${randomUUID()}`;
  // A deadlock with an order batch or custody move over the same balance rows is run again.
  const balances = await retryingTransaction(db, async (tx) => {
    await convertCash(tx, { userId, from: request.from, to: request.to, amount, converted, reference });
    await recordAudit(tx, {
      action: 'fx.conversion',
      actorId: userId,
      subjectType: 'user',
      subjectId: userId,
      after: {
        from: request.from,
        to: request.to,
        amount: fromMinorUnits(amount),
        converted: fromMinorUnits(converted),
        rate,
        rateDate,
        reference,
      },
    });
    return [await cashBalance(tx, userId, request.from), await cashBalance(tx, userId, request.to)];
  });
  return {
    from: request.from,
    to: request.to,
    amount: fromMinorUnits(amount),
    converted: fromMinorUnits(converted),
    rate,
    rateDate,
    source: FX_SOURCE,
    balances,
  };
}
