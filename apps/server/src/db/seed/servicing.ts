import { and, eq } from 'drizzle-orm';
import { computeEvents, holderSign } from '../../modules/instruments/engine';
import { depositCash } from '../../modules/ledger';
import { scheduledPayments, type ScheduledPayment } from '../../modules/servicing/schedule';
import type { Db } from '../client';
import { instruments, journalEntries, trades, users } from '../schema';
import { DEMO_INSTRUMENTS } from './instrument-catalogue';
import { tradeAt } from './settlement-queue';

/**
 * The demo issuers' paying agent: before each calendar year (and the next) is under way, every
 * demo listing's issuer receives the cash its ACTUS schedule pays in that year to the whole
 * issue, so the servicing run can pay every holder the placements and trades create. One
 * deposit per instrument and year (reference `seed:servicing-reserve:<id>:<year>`), written
 * by the start-up seed: a server started at any time holds at least twelve months ahead.
 */
export async function seedServicingReserve(db: Db, now = new Date()): Promise<void> {
  const years = [now.getUTCFullYear(), now.getUTCFullYear() + 1];
  for (const listing of await demoListings(db)) {
    for (const year of years) {
      const due = listing.payments
        .filter((p) => p.eventTime.getUTCFullYear() === year && p.amount > 0n)
        .reduce((sum, p) => sum + p.amount, 0n);
      if (due === 0n) continue;
      const reference = `seed:servicing-reserve:${listing.id}:${year}`;
      await db.transaction(async (tx) => {
        const [done] = await tx
          .select({ id: journalEntries.id })
          .from(journalEntries)
          .where(eq(journalEntries.reference, reference));
        if (!done)
          await depositCash(tx, { userId: listing.issuer, currency: listing.currency, amount: due, reference });
      });
    }
  }
}

/** Units the demo user bought of the monthly annuity before its last two record dates. */
const DEMO_HOLDING_UNITS = 500n;
/** A monthly instalment listing: every month pays interest and principal. */
const DEMO_SERVICED_LISTING = 'Vireo Equipment Lease Annuity {year}';
const DEMO_HOLDER = 'demo@meridian.test';

/**
 * Demo market activity: the Demo User bought units of a monthly annuity a day before the
 * record date of its second-to-last instalment, so on a fresh install the servicing run pays
 * that holder two instalments (interest and principal each) through the ordinary path, and the
 * payments show in Recent Transactions and on the instrument's Events panel. The listing is
 * dated from its issue date (09:00 UTC, as the catalogue issues it) so that servicing covers
 * its past instalments; the issuer's own units are never paid, so the earlier ones pay nobody.
 * Skipped once the Demo User has traded the listing.
 */
export async function seedServicedHolding(db: Db, now = new Date()): Promise<void> {
  const listing = (await demoListings(db)).find((l) => namePattern(DEMO_SERVICED_LISTING).test(l.name));
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_HOLDER));
  if (!listing || !holder || listing.cycle !== 0) return;
  const [traded] = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.instrumentId, listing.id), eq(trades.buyerId, holder.id)))
    .limit(1);
  if (traded) return;
  const listedAt = new Date(`${listing.issueDate}T09:00:00Z`);
  const past = listing.schedule(listedAt).filter((p) => p.eventTime <= now && p.amount > 0n);
  const recordTimes = [...new Set(past.map((p) => p.recordTime.getTime()))].sort((a, b) => a - b);
  const second = recordTimes.at(-2);
  if (second === undefined) return;
  const at = new Date(second - 86_400_000 + 14.5 * 3_600_000);
  if (at <= listedAt) return;
  await db.update(instruments).set({ createdAt: listedAt }).where(eq(instruments.id, listing.id));
  await tradeAt(db, listing, listing.issuer, holder.id, DEMO_HOLDING_UNITS, at);
}

/** A catalogue name with `{year}` matching any maturity year (dates follow the seed day). */
const namePattern = (name: string) =>
  new RegExp(`^${name.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{year}', '\\d{4}')}$`);

type Listing = {
  id: string;
  name: string;
  currency: string;
  issuer: string;
  issueDate: string;
  /** Settlement cycle, business days. */
  cycle: number;
  /** Payments from the listing on. */
  payments: ScheduledPayment[];
  /** Payments had it been listed at `listedAt`. */
  schedule(listedAt: Date): ScheduledPayment[];
};

/** Active demo catalogue listings (matched by name, any maturity year) with their payment schedules. */
async function demoListings(db: Db): Promise<Listing[]> {
  const patterns = DEMO_INSTRUMENTS.map((d) => namePattern(d.name));
  const rows = await db
    .select({
      id: instruments.id,
      name: instruments.name,
      currency: instruments.currency,
      issuer: instruments.issuerUserId,
      settlementCycle: instruments.settlementCycle,
      createdAt: instruments.createdAt,
      issueDate: instruments.issueDate,
      terms: instruments.terms,
      observations: instruments.observations,
    })
    .from(instruments)
    .where(eq(instruments.status, 'active'));
  const listings: Listing[] = [];
  for (const row of rows) {
    if (!patterns.some((p) => p.test(row.name))) continue;
    const events = computeEvents(row.terms as never, row.observations as never);
    if (!events.ok) continue;
    const schedule = (listedAt: Date) =>
      scheduledPayments(events.value, holderSign(row.terms as never), listedAt, row.currency);
    listings.push({
      id: row.id,
      name: row.name,
      currency: row.currency,
      issuer: row.issuer,
      issueDate: row.issueDate,
      cycle: row.settlementCycle,
      payments: schedule(row.createdAt),
      schedule,
    });
  }
  return listings;
}
