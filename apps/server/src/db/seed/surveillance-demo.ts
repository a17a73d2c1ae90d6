import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, lt } from 'drizzle-orm';
import { AvailableCache } from '../../modules/ledger';
import { modelPrices } from '../../modules/instruments/service';
import { InstrumentDesk, OwnerRegistry, type OrderState } from '../../modules/trading/desk';
import { runBatch, type Command } from '../../modules/trading/order-flow';
import { loadBatchContext, loadOpenOrders, writeBatch } from '../../modules/trading/persist';
import type { Db, Tx } from '../client';
import { instruments, trades, users } from '../schema';

/**
 * The listing the demo's market-abuse patterns happen on: a T+0 USD treasury, so fills
 * settle at once and a buyer can sell on the same day.
 */
export const SURVEILLANCE_DEMO_INSTRUMENT = 'Veridia Treasury 4.25%';

const PEOPLE = {
  demo: 'demo@meridian.test', // Meridian Markets Ltd
  admin: 'admin@meridian.test', // Meridian Markets Ltd: same beneficial owner as demo
  investor: 'investor@meridian.test', // Keystone Asset Management
  investor2: 'investor2@meridian.test', // Helvetic Alpine Bank AG
  marketmaker: 'marketmaker@meridian.test', // Harbor Liquidity Partners
} as const;

type Person = keyof typeof PEOPLE | 'issuer';

/** One step of the scenario: orders placed (or cancelled) at an instant of the demo day. */
export interface ScenarioStep {
  at: string;
  what: string;
  commands: (
    { place: Person; side: 'buy' | 'sell'; units: bigint; bp: number; ref?: string } | { cancel: string; by: Person }
  )[];
}

/** Ladder of the ramp: 20 offers of 5 units, 0.6 % apart above the reference price. */
const LADDER = Array.from({ length: 20 }, (_, i) => 60 * (i + 1));

/**
 * The day's order flow, prices in basis points from the listing's model price P. Which rule of
 * RULE_PARAMETERS each part is made to trip is said in `what`; the figures they reach:
 * - wash trade: demo sells 10 to admin, both Meridian Markets Ltd (High);
 * - spoofing: Keystone bids 120 at P−0.1 %, sells 10 at P, cancels the bid 5 s later: 12× the
 *   fill, within 30 s and 2 % (Medium);
 * - price ramping and concentration: Helvetic lifts 20 offers in four orders over 3 minutes,
 *   +12 % against the last price before the window (High), 100 of the day's 185 units taken
 *   aggressively in 25 trades (54 % > 50 %, Low);
 * - marking the close: Harbor buys 5 at P+14 % at 23:55, +1.8 % against the price before the
 *   closing window, all of the window's aggressive volume (Medium).
 */
export const SCENARIO: readonly ScenarioStep[] = [
  {
    at: '10:00:00',
    what: 'ordinary purchases from the issuer',
    commands: [
      { place: 'issuer', side: 'sell', units: 30n, bp: 0 },
      { place: 'demo', side: 'buy', units: 30n, bp: 0 },
      { place: 'issuer', side: 'sell', units: 30n, bp: 0 },
      { place: 'investor', side: 'buy', units: 30n, bp: 0 },
    ],
  },
  {
    at: '10:30:00',
    what: 'wash trade',
    commands: [
      { place: 'demo', side: 'sell', units: 10n, bp: 20 },
      { place: 'admin', side: 'buy', units: 10n, bp: 20 },
    ],
  },
  {
    at: '11:00:00',
    what: 'spoofing: the large bid',
    commands: [{ place: 'investor', side: 'buy', units: 120n, bp: -10, ref: 'spoof' }],
  },
  { at: '11:00:10', what: 'a genuine bid', commands: [{ place: 'marketmaker', side: 'buy', units: 10n, bp: 0 }] },
  { at: '11:00:20', what: 'spoofing: the fill', commands: [{ place: 'investor', side: 'sell', units: 10n, bp: 0 }] },
  { at: '11:00:25', what: 'spoofing: the bid withdrawn', commands: [{ cancel: 'spoof', by: 'investor' }] },
  {
    at: '12:59:00',
    what: 'offers of the issuer',
    commands: LADDER.map((bp) => ({ place: 'issuer' as const, side: 'sell' as const, units: 5n, bp })),
  },
  ...[0, 1, 2, 3].map((k) => ({
    at: `13:0${k}:00`,
    what: 'price ramping',
    commands: [{ place: 'investor2' as const, side: 'buy' as const, units: 25n, bp: LADDER[k * 5 + 4]! }],
  })),
  {
    at: '23:54:00',
    what: 'an offer before the close',
    commands: [{ place: 'issuer', side: 'sell', units: 5n, bp: 1400 }],
  },
  { at: '23:55:00', what: 'marking the close', commands: [{ place: 'marketmaker', side: 'buy', units: 5n, bp: 1400 }] },
];

/** The previous calendar day (UTC): never today, whose trading belongs to the platform's users. */
export function scenarioDay(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1)).toISOString().slice(0, 10);
}

/** P·(10 000 + bp)/10 000 in hundredths, rounded down to a cent. */
export const priceAt = (model: bigint, bp: number) => (model * BigInt(10_000 + bp)) / 10_000n;

/**
 * Demo market abuse on a fresh install: the orders of SCENARIO go through the trading engine's
 * own batch path (matching, reservations, ledger), dated on the previous day, so the
 * surveillance rules find real patterns in real trades — no alert or case is written here.
 * Skipped once the listing has traded before today (a second start, or a platform in use).
 */
export async function seedSurveillanceDemo(db: Db, now = new Date()): Promise<void> {
  const [listing] = await db
    .select({
      id: instruments.id,
      name: instruments.name,
      currency: instruments.currency,
      cycle: instruments.settlementCycle,
      issuer: instruments.issuerUserId,
    })
    .from(instruments)
    .where(and(like(instruments.name, `${SURVEILLANCE_DEMO_INSTRUMENT}%`), eq(instruments.status, 'active')));
  if (!listing || listing.cycle !== 0) return;
  const item = listing;
  const day = scenarioDay(now);
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const [traded] = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.instrumentId, item.id), lt(trades.createdAt, today)))
    .limit(1);
  if (traded) return;
  const [model] = await modelPrices(db, eq(instruments.id, item.id));
  if (!model?.price || model.price <= 0n) return;
  const modelPrice = model.price;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(PEOPLE)));
  const idOf = (who: Person) => (who === 'issuer' ? item.issuer : people.find((p) => p.email === PEOPLE[who])?.id);
  if (Object.keys(PEOPLE).some((who) => !idOf(who as Person))) return;
  const refs = new Map<string, string>();
  // Ledger accounts by user, shared by the steps: a resting order's owner is known when it fills.
  const accounts = new Map<string, string>();
  // One transaction: the day happens whole or not at all.
  await db
    .transaction(async (tx) => {
      for (const step of SCENARIO) await playStep(tx, step);
    })
    .catch((error: unknown) => {
      if (!(error instanceof ScenarioRefused)) throw error;
    });

  async function playStep(tx: Tx, step: ScenarioStep): Promise<void> {
    const at = new Date(`${day}T${step.at}Z`);
    const commands: Command[] = step.commands.map((c) => {
      if ('cancel' in c) return { kind: 'cancel', orderId: refs.get(c.cancel)!, userId: idOf(c.by)! };
      const order: OrderState = {
        id: randomUUID(),
        userId: idOf(c.place)!,
        instrumentId: item.id,
        side: c.side,
        type: 'limit',
        timeInForce: 'GTC',
        postOnly: false,
        price: priceAt(modelPrice, c.bp),
        quantity: c.units,
        filledQuantity: 0n,
        filledValue: 0n,
        status: 'open',
        cancelReason: null,
        reserved: 0n,
        idempotencyKey: null,
        createdAt: at,
        updatedAt: at,
      };
      if (c.ref) refs.set(c.ref, order.id);
      return { kind: 'place', order };
    });
    const desk = new InstrumentDesk(
      { id: item.id, name: item.name, currency: item.currency, settlementCycle: item.cycle },
      new OwnerRegistry(),
    );
    desk.load(await loadOpenOrders(tx, item.id));
    const ctx = await loadBatchContext(tx, desk, commands, accounts, new AvailableCache(), true);
    ctx.now = at;
    const { outcomes, writes } = runBatch(ctx, commands);
    // A participant short of cash or units (a changed demo): nothing of the day is kept.
    const refused = outcomes.find((o) => !o.ok);
    if (refused && !refused.ok) throw new ScenarioRefused(`${step.what}: ${refused.error.message}`);
    await writeBatch(tx, writes);
  }
}

class ScenarioRefused extends Error {}
