import { randomUUID } from 'node:crypto';
import { toMinorUnits } from '@meridian/schemas';
import { eq, inArray } from 'drizzle-orm';
import { AvailableCache } from '../../modules/ledger';
import { subtractBusinessDays, tradeDate } from '../../modules/settlement/calendar';
import { InstrumentDesk, OwnerRegistry, type OrderState } from '../../modules/trading/desk';
import { runBatch, type Command } from '../../modules/trading/order-flow';
import { loadBatchContext, loadOpenOrders, writeBatch } from '../../modules/trading/persist';
import type { Db } from '../client';
import { instruments, trades, users } from '../schema';
import { LIQUIDITY_ACCOUNTS } from './trading';

/**
 * Purchases of the T+N listings, in units at 100.00, by the demo order-flow desk (it holds
 * cash in every currency; the demo's people keep their own books untouched).
 */
const BUYS: readonly { email: string; units: bigint; when: 'due' | 'later' }[] = [
  { email: LIQUIDITY_ACCOUNTS.flow.email, units: 400n, when: 'due' },
  { email: LIQUIDITY_ACCOUNTS.flow.email, units: 250n, when: 'due' },
  { email: LIQUIDITY_ACCOUNTS.flow.email, units: 150n, when: 'later' },
];

/**
 * Gives the custodian's Settlement Queue real content on a fresh install: on each T+N demo
 * listing never traded yet, the demo order flow buys from the issuer through the ordinary matching
 * and ledger path, some trades dated so their settlement date is the last business day (due
 * now), one (on T+2 and longer cycles) dated the business day before, due on the next. None is
 * dated today: today's trading, and the daily reports over it, belong to the people using the
 * platform. Reservations are taken exactly as live trades take them.
 */
export async function seedSettlementQueue(db: Db, now = new Date()): Promise<void> {
  const listed = await db
    .select({
      id: instruments.id,
      name: instruments.name,
      currency: instruments.currency,
      cycle: instruments.settlementCycle,
      issuer: instruments.issuerUserId,
    })
    .from(instruments)
    .where(eq(instruments.status, 'active'));
  const buyers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        BUYS.map((b) => b.email),
      ),
    );
  const idOf = new Map(buyers.map((b) => [b.email, b.id]));
  for (const instrument of listed.filter((i) => i.cycle > 0)) {
    const [traded] = await db
      .select({ id: trades.id })
      .from(trades)
      .where(eq(trades.instrumentId, instrument.id))
      .limit(1);
    if (traded) continue;
    const dueDay = subtractBusinessDays(tradeDate(now), 0);
    for (const buy of BUYS) {
      const buyer = idOf.get(buy.email);
      if (!buyer) continue;
      const daysBack = buy.when === 'due' ? instrument.cycle : instrument.cycle - 1;
      if (daysBack < 1) continue;
      const at = new Date(`${subtractBusinessDays(dueDay, daysBack)}T14:30:00Z`);
      await tradeAt(db, instrument, instrument.issuer, buyer, buy.units, at);
    }
  }
}

/** One purchase at 100.00 dated `at`, through the ordinary matching and ledger path (the batch's clock is `at`). */
export async function tradeAt(
  db: Db,
  instrument: { id: string; name: string; currency: string; cycle: number },
  sellerId: string,
  buyerId: string,
  quantity: bigint,
  at: Date,
): Promise<void> {
  const price = toMinorUnits('100.00')!;
  const order = (userId: string, side: 'buy' | 'sell'): OrderState => ({
    id: randomUUID(),
    userId,
    instrumentId: instrument.id,
    side,
    type: 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    price,
    quantity,
    filledQuantity: 0n,
    filledValue: 0n,
    status: 'open',
    cancelReason: null,
    reserved: 0n,
    idempotencyKey: null,
    createdAt: at,
    updatedAt: at,
  });
  const desk = new InstrumentDesk(
    { id: instrument.id, name: instrument.name, currency: instrument.currency, settlementCycle: instrument.cycle },
    new OwnerRegistry(),
  );
  const commands: Command[] = [
    { kind: 'place', order: order(sellerId, 'sell') },
    { kind: 'place', order: order(buyerId, 'buy') },
  ];
  await db.transaction(async (tx) => {
    desk.load(await loadOpenOrders(tx, instrument.id));
    const ctx = await loadBatchContext(tx, desk, commands, new Map(), new AvailableCache(), true);
    ctx.now = at;
    const { outcomes, writes } = runBatch(ctx, commands);
    // A demo buyer short of cash in this currency simply does not buy.
    if (outcomes.some((o) => !o.ok) || writes.trades.length === 0) return;
    await writeBatch(tx, writes);
  });
}
