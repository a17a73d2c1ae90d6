import { fromMinorUnits, toMinorUnits, type InstrumentEvent } from '@meridian/schemas';

/** What the Events panel's header figures say about an instrument's payment events at `now`. */
export interface EventsSummary {
  /** Events whose date has come (processed or still waiting for the scheduler). */
  due: number;
  paid: number;
  missed: number;
  failed: number;
  /** Sum the journal posted to holders over every paid event, decimal in the instrument currency. */
  paidToHolders: string;
  /** The first event still scheduled after `now`, if any. */
  next: InstrumentEvent | null;
}

/** Counts and totals of the Events panel; money summed in minor units, never in floating point. */
export function summariseEvents(events: readonly InstrumentEvent[], now: Date): EventsSummary {
  let paidMinor = 0n;
  const summary: EventsSummary = { due: 0, paid: 0, missed: 0, failed: 0, paidToHolders: '0.00', next: null };
  for (const event of events) {
    const isDue = Date.parse(event.eventTime) <= now.getTime();
    if (isDue) summary.due += 1;
    if (event.status === 'paid') {
      summary.paid += 1;
      paidMinor += toMinorUnits(event.paidAmount ?? '0') ?? 0n;
    } else if (event.status === 'missed') summary.missed += 1;
    else if (event.status === 'failed') summary.failed += 1;
    else if (!isDue && summary.next === null) summary.next = event;
  }
  summary.paidToHolders = fromMinorUnits(paidMinor);
  return summary;
}

/**
 * Scheduled (date still to come) vs paid (posted to holders: settled) vs pending: a scheduled
 * event whose date has passed is waiting for the scheduler's next run (every minute).
 */
export function displayStatus(event: InstrumentEvent, now: Date): 'pending' | InstrumentEvent['status'] {
  return event.status === 'scheduled' && Date.parse(event.eventTime) <= now.getTime() ? 'pending' : event.status;
}
