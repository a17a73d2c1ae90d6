import type { ContractEvent } from '@meridian/actus';

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
  /** The whole issue's payoff from the holders' side, minor units (hundredths). */
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
 * rounded half away from zero to the minor unit. Zero payoffs move nothing and are left out.
 */
export function scheduledPayments(
  events: readonly ContractEvent[],
  holderSign: 1 | -1,
  listedAt: Date,
): ScheduledPayment[] {
  const payments: ScheduledPayment[] = [];
  for (const event of events) {
    if (!PAYABLE_EVENT_TYPES.has(event.eventType)) continue;
    const eventTime = eventInstant(event.eventDate);
    if (eventTime < startOfDay(listedAt)) continue;
    const amount = BigInt(Math.round(Math.abs(event.payoff) * 100)) * (event.payoff * holderSign < 0 ? -1n : 1n);
    if (amount === 0n) continue;
    payments.push({ eventType: event.eventType, eventTime, recordTime: startOfDay(eventTime), amount });
  }
  return payments;
}

function startOfDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/**
 * Each holder's share of a payment: floor(amount x units / issued units). The sum never
 * exceeds the amount; the rounding residual stays with the issuer (cash exactly conserved).
 */
export function allocate(
  amount: bigint,
  issuedUnits: bigint,
  holdings: ReadonlyMap<string, bigint>,
): Map<string, bigint> {
  const shares = new Map<string, bigint>();
  for (const [account, units] of holdings) {
    const share = (amount * units) / issuedUnits;
    if (share > 0n) shares.set(account, share);
  }
  return shares;
}
