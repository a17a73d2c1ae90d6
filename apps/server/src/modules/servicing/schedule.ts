import type { ContractEvent } from '@meridian/actus';
import { allocateMoney, moneyFromLedger, moneyToLedger } from '@meridian/schemas';

/**
 * ACTUS event types that move cash between issuer and holders on the platform: interest
 * (IP), principal (PR, MD, PP), dividends (DV), fees (FP), option exercise/settlement
 * (XD, STD). IED is the primary purchase (a trade on the platform), not serviced.
 */
export const PAYABLE_EVENT_TYPES = new Set(['IP', 'PR', 'MD', 'PP', 'DV', 'FP', 'XD', 'STD']);

export interface ScheduledPayment {
  eventType: string;
  eventTime: Date;
  /** Holdings of record are those at the end of the day before the payment date (UTC). */
  recordTime: Date;
  /** The whole issue's payoff from the holders' side, ledger units (hundredths), a whole number of the currency's minor unit. */
  amount: bigint;
}

/** ACTUS times are local date-times without zone; the platform's time base is UTC. */
export function eventInstant(eventDate: string): Date {
  return new Date(
    /[zZ]|[+-]\d\d:\d\d$/.test(eventDate)
      ? eventDate
      : `${eventDate.length === 10 ? `${eventDate}T00:00` : eventDate}Z`,
  );
}

/**
 * The payments an instrument's events imply from its listing on: payoff x holder sign,
 * rounded half away from zero to the currency's minor unit (a cent, a yen). Zero payoffs
 * move nothing and are left out.
 */
export function scheduledPayments(
  events: readonly ContractEvent[],
  holderSign: 1 | -1,
  listedAt: Date,
  currency: string,
): ScheduledPayment[] {
  const payments: ScheduledPayment[] = [];
  for (const event of events) {
    if (!PAYABLE_EVENT_TYPES.has(event.eventType)) continue;
    const eventTime = eventInstant(event.eventDate);
    if (eventTime < startOfDay(listedAt)) continue;
    const amount = payoffToLedger(Math.abs(event.payoff), currency) * (event.payoff * holderSign < 0 ? -1n : 1n);
    if (amount === 0n) continue;
    payments.push({ eventType: event.eventType, eventTime, recordTime: startOfDay(eventTime), amount });
  }
  return payments;
}

/**
 * A non-negative ACTUS payoff (a float from the engine) in ledger units, rounded half away
 * from zero to the currency's minor unit: to the cent first, as before, then to the minor
 * unit when it is coarser (JPY).
 */
function payoffToLedger(payoff: number, currency: string): bigint {
  const hundredths = BigInt(Math.round(payoff * 100));
  return moneyToLedger(moneyFromLedger(hundredths, currency, 'halfAwayFromZero').money);
}

function startOfDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/**
 * Each holder's share of a payment (ledger units): floor(amount x units / issued units),
 * floored to the currency's minor unit (whole yen for JPY). The sum never exceeds the amount;
 * the rounding residual stays with the issuer (cash exactly conserved). Holders whose share
 * rounds to nothing are left out.
 */
export function allocate(
  amount: bigint,
  issuedUnits: bigint,
  holdings: ReadonlyMap<string, bigint>,
  currency: string,
): Map<string, bigint> {
  const accounts = [...holdings.keys()];
  const total = moneyFromLedger(amount, currency, 'floor').money;
  const { shares } = allocateMoney(total, [...holdings.values()], issuedUnits);
  const result = new Map<string, bigint>();
  shares.forEach((share, i) => {
    if (share.minor > 0n) result.set(accounts[i]!, moneyToLedger(share));
  });
  return result;
}
