import { toMinorUnits, type InstrumentEvents, type ServicingPayment } from '@meridian/schemas';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceInstruments } from '../../modules/servicing/runner';
import { createTestApp, type TestApp } from '../../test/harness';
import { selectRows } from '../client';
import { instruments, journalEntries } from '../schema';
import { seedServicedHolding, seedServicingReserve } from './servicing';

let t: TestApp;
const now = new Date();
let demo: string;
const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: demo } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

beforeAll(async () => {
  // API tests seed the listings without market activity; this file runs the servicing steps
  // itself, before the app's start-up servicing run (as the seed runs before it in production).
  t = await createTestApp({
    setup: async (app) => {
      await seedServicedHolding(app.db, now);
      await seedServicingReserve(app.db, now);
    },
  });
  demo = await t.signIn('demo@meridian.test');
});
afterAll(() => t.close());

describe('demo servicing seed', () => {
  it("funds each demo issuer with its listings' payments of this year and the next, once", async () => {
    // Each deposit's credit line goes to the issuer (the debit is the external cash account).
    const rows = await selectRows<{ reference: string; amount: string }>(
      t.db,
      sql`select e.reference, l.amount::text as amount from journal_entries e
        join journal_lines l on l.entry_id = e.id
        where e.reference like 'seed:servicing-reserve:%' and l.amount > 0`,
    );
    expect(rows.length).toBeGreaterThan(20);
    // Each deposit equals the whole issue's scheduled payments of its year, from the events API.
    for (const { reference, amount } of rows.slice(0, 8)) {
      const [, , instrumentId, year] = reference.split(':');
      const view = await get<InstrumentEvents>(`/api/instruments/${instrumentId}/events`);
      const due = view.events
        .filter((e) => e.eventTime.startsWith(year!) && !e.scheduledAmount.startsWith('-'))
        .reduce((sum, e) => sum + toMinorUnits(e.scheduledAmount)!, 0n);
      expect(BigInt(amount)).toBe(due);
    }
    // A second start deposits nothing new.
    await seedServicingReserve(t.db, now);
    const again = await t.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(like(journalEntries.reference, 'seed:servicing-reserve:%'));
    expect(again.length).toBe(rows.length);
  });

  it('has the Demo User paid two monthly instalments of the annuity it held before their record dates', async () => {
    await seedServicedHolding(t.db, now); // a second start buys nothing more
    await serviceInstruments(t.app, now);
    // Waits for the start-up run's event in flight, if any (its row stays locked until it commits).
    const due = await t.db.transaction((tx) =>
      selectRows<{ status: string; scheduled_amount: string; reason: string | null }>(
        tx,
        sql`select status, scheduled_amount::text, reason from servicing_events
          where event_time <= ${now.toISOString()} for update`,
      ),
    );
    // Every demo event due so far is paid (no issuer is short, nothing defaults), except what
    // holders would owe the issuer (a premium), which the platform does not collect.
    expect(due.length).toBeGreaterThan(0);
    expect(
      due.filter((e) => e.status !== 'paid' && !(e.status === 'failed' && BigInt(e.scheduled_amount) < 0n)),
    ).toEqual([]);
    const [annuity] = await t.db
      .select({ id: instruments.id, units: instruments.units })
      .from(instruments)
      .where(like(instruments.name, 'Vireo Equipment Lease Annuity %'));
    const view = await get<InstrumentEvents>(`/api/instruments/${annuity!.id}/events`);
    const paidToDemo = view.events.filter((e) => e.ownAmount !== null);
    expect(paidToDemo.map((e) => e.eventType).sort()).toEqual(['IP', 'IP', 'PR', 'PR']);
    for (const e of paidToDemo) {
      expect(e.status).toBe('paid');
      // 500 units of the issue: floor(scheduled x 500 / units in issue).
      expect(toMinorUnits(e.ownAmount!)).toBe((toMinorUnits(e.scheduledAmount)! * 500n) / annuity!.units);
    }
    const payments = await get<ServicingPayment[]>('/api/servicing/payments/my');
    expect(payments.filter((p) => p.instrumentId === annuity!.id && p.status === 'completed')).toHaveLength(4);
  });
});
