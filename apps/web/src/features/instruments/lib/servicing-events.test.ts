import type { InstrumentEvent } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { displayStatus, summariseEvents } from './servicing-events';

const event = (eventTime: string, status: InstrumentEvent['status'], paidAmount: string | null = null) =>
  ({
    id: null,
    eventType: 'IP',
    eventTime,
    recordTime: eventTime,
    scheduledAmount: '100.00',
    status,
    paidAmount,
    holders: null,
    ownAmount: null,
    reason: null,
    processedAt: null,
  }) satisfies InstrumentEvent;

describe('summariseEvents', () => {
  const now = new Date('2027-01-10T00:00:00Z');
  const events = [
    event('2026-01-01T00:00:00.000Z', 'paid', '0.10'),
    event('2026-07-01T00:00:00.000Z', 'paid', '0.20'),
    event('2026-10-01T00:00:00.000Z', 'missed'),
    event('2027-01-01T00:00:00.000Z', 'scheduled'),
    event('2027-07-01T00:00:00.000Z', 'scheduled'),
    event('2028-01-01T00:00:00.000Z', 'scheduled'),
  ];

  it('counts due, paid and missed events and sums paid amounts exactly (0.10 + 0.20 = 0.30)', () => {
    const summary = summariseEvents(events, now);
    expect(summary).toMatchObject({ due: 4, paid: 2, missed: 1, failed: 0, paidToHolders: '0.30' });
    expect(summary.next?.eventTime).toBe('2027-07-01T00:00:00.000Z');
  });

  it('calls a scheduled event whose date has passed due', () => {
    expect(displayStatus(events[3]!, now)).toBe('pending');
    expect(displayStatus(events[4]!, now)).toBe('scheduled');
    expect(displayStatus(events[2]!, now)).toBe('missed');
  });
});
