import { randomUUID } from 'node:crypto';
import { Side } from '@meridian/matching';
import { fromMinorUnits, toMinorUnits, type BookLevel, type PlaceOrder } from '@meridian/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { instruments, orders } from '../../db/schema';
import { AppError, conflict, forbidden, notFound, unprocessable } from '../../errors';
import { auditInsertCte, recordAudit, type AuditContext } from '../audit/record';
import { AvailableCache, isLedgerGuardRefusal, sqlState } from '../ledger';
import { valueInLimitCurrency } from '../fx/service';
import { Coalescer, type MarketEventBus } from '../market-data/event-bus';
import { BatchQueue } from './batch-queue';
import { InstrumentDesk, OwnerRegistry, type InstrumentRef, type OrderState } from './desk';
import { orderDto, tradeDto } from './dto';
import { auditEntries, runBatch, type BatchWrites, type Command, type Outcome } from './order-flow';
import { isFenceRefusal, SoloOwnership, type Ownership } from './ownership';
import { LeaseLostError, OwnerUnreachableError, type RemoteTrading } from './remote';
import { loadAccounts, loadBatchContext, loadOpenOrders, writeBatch, type AccountCache } from './persist';

/** Levels per side sent in stream book frames (screens show 8). */
export const STREAM_BOOK_DEPTH = 20;
const BOOK_FRAME_DELAY_MS = 50;
/** How long a request waits for an instrument's book to find a live owner (failover) before 503. */
const FAILOVER_WAIT_MS = 8_000;
/** A routed request is forwarded at most this many times (ownership moving under it). */
const MAX_HOPS = 2;

interface DeskEntry {
  desk: InstrumentDesk;
  /** Instrument status when the desk opened; only 'active' instruments trade. */
  status: string;
  queue: BatchQueue<Command, Outcome>;
}

/**
 * Order entry for every instrument: one desk (book + open orders) and one serial queue
 * per instrument in front of it. Each queued batch is matched in memory and persisted in
 * ONE transaction (orders, trades, DvP journal, settlements, balances); callers are
 * answered only after it committed, then events go out on the bus.
 */
export class TradingService {
  private readonly desks = new Map<string, Promise<DeskEntry | null>>();
  private readonly loaded = new Map<string, DeskEntry>();
  private readonly owners = new OwnerRegistry();
  private readonly accounts: AccountCache = new Map();
  /** Last known available balances of takers (see AvailableCache). */
  private readonly balances = new AvailableCache();
  private readonly inflightKeys = new Map<string, Promise<unknown>>();
  private readonly bookFrames = new Coalescer(BOOK_FRAME_DELAY_MS);
  /** Per-instrument stream sequence (see nextSeq). */
  private readonly sequences = new Map<string, number>();
  /** Instruments of orders answered by another instance (their DTOs need name and currency). */
  private readonly refs = new Map<string, InstrumentRef>();
  /** Best bid/ask of books owned elsewhere, from their fanned-out book frames. */
  private readonly mirrored = new Map<string, { bid: number; ask: number }>();
  private remote: RemoteTrading | null = null;
  private unsubscribeMirror: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: MarketEventBus,
    private readonly log?: FastifyBaseLogger,
    /** Who writes which book (one process: this one, every book). */
    readonly ownership: Ownership = new SoloOwnership(),
  ) {}

  /** Rebuilds the book of every instrument that has open orders (in a cluster: those this instance owns). */
  async start(): Promise<void> {
    this.unsubscribeMirror = this.bus.subscribe((event) => {
      if (event.type !== 'book' || this.loaded.has(event.instrumentId)) return;
      const best = (levels: BookLevel[]) => (levels[0] ? Number(toMinorUnits(levels[0].price)) : 0);
      this.mirrored.set(event.instrumentId, { bid: best(event.bids), ask: best(event.asks) });
    });
    if (this.ownership.clustered) {
      await this.ownership.start({
        acquired: (id) =>
          void this.desk(id).catch((error: unknown) => this.log?.error({ err: error }, 'book rebuild failed')),
        lost: (id) => this.forgetDesk(id),
        drain: async (id) => {
          const entry = this.loaded.get(id);
          this.desks.delete(id);
          await entry?.queue.idle();
          this.loaded.delete(id);
        },
      });
      return;
    }
    const rows = await this.db
      .selectDistinct({ id: orders.instrumentId })
      .from(orders)
      .where(eq(orders.status, 'open'));
    await Promise.all(rows.map((r) => this.desk(r.id)));
  }

  async stop(): Promise<void> {
    await Promise.all([...this.loaded.values()].map((e) => e.queue.idle()));
    this.unsubscribeMirror?.();
    await this.ownership.stop();
    this.bookFrames.stop();
  }

  /** Lets this instance forward commands for books owned by another instance (NATS request/reply). */
  connect(remote: RemoteTrading): void {
    this.remote = remote;
  }

  /**
   * Runs `local` when this instance owns the instrument's book, otherwise `remote` on its
   * owner; a request caught by a change of owner (fenced write, dead owner) is sent again
   * to the new one until FAILOVER_WAIT_MS has passed. `hops`: times it was forwarded already.
   */
  private async onOwner<T>(
    instrumentId: string,
    hops: number,
    local: () => Promise<T>,
    remote: (link: RemoteTrading, owner: string) => Promise<T>,
  ): Promise<T> {
    const deadline = Date.now() + FAILOVER_WAIT_MS;
    let take = hops > 0;
    for (;;) {
      const route = await this.ownership.resolve(instrumentId, take);
      if (route.local) {
        try {
          return await local();
        } catch (error) {
          if (error instanceof LeaseLostError && Date.now() < deadline) continue;
          throw error;
        }
      }
      // No bus: a dead owner's (crash, restart) lease is waited out; a live one is out of reach.
      if (!this.remote && !this.ownership.isLive(route.owner) && Date.now() < deadline) {
        this.ownership.forget(instrumentId);
        take = true;
        await new Promise((resolve) => setTimeout(resolve, 150));
        continue;
      }
      if (!this.remote)
        throw new AppError(
          503,
          'INSTRUMENT_OWNED_ELSEWHERE',
          'This instrument is traded by another instance and no message bus (NATS_URL) is configured to reach it',
        );
      if (hops >= MAX_HOPS) throw new AppError(503, 'OWNER_MOVING', 'The instrument is changing owner; try again');
      try {
        return await remote(this.remote, route.owner);
      } catch (error) {
        if (!(error instanceof OwnerUnreachableError) || Date.now() >= deadline) throw error;
        // The owner died: its lease frees within the lease time, then one of us takes it.
        this.ownership.forget(instrumentId);
        take = true;
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    }
  }

  /** Places an order; resolves after its transaction committed (on this instance or the book's owner). */
  async placeOrder(
    userId: string,
    input: PlaceOrder,
    idempotencyKey: string | null,
    hops = 0,
    audit?: AuditContext,
  ): Promise<Outcome> {
    return this.onOwner(
      input.instrumentId,
      hops,
      () => this.placeLocal(userId, input, idempotencyKey, audit),
      async (link, owner) => this.remember(await link.place(owner, { userId, input, idempotencyKey, hops: hops + 1 })),
    );
  }

  private async placeLocal(
    userId: string,
    input: PlaceOrder,
    idempotencyKey: string | null,
    audit?: AuditContext,
  ): Promise<Outcome> {
    const entry = await this.tradableDesk(input.instrumentId);
    const now = new Date();
    const order: OrderState = {
      id: randomUUID(),
      userId,
      instrumentId: input.instrumentId,
      side: input.orderType,
      type: input.type,
      // A market order never rests: GTC means "as much as possible now" (IOC).
      timeInForce: input.type === 'market' && input.timeInForce === 'GTC' ? 'IOC' : input.timeInForce,
      postOnly: input.postOnly,
      price: input.type === 'limit' ? toMinorUnits(input.price as string | number) : null,
      quantity: BigInt(input.quantity),
      filledQuantity: 0n,
      filledValue: 0n,
      status: 'open',
      cancelReason: null,
      reserved: 0n,
      idempotencyKey,
      createdAt: now,
      updatedAt: now,
    };
    if (idempotencyKey === null) return entry.queue.submit({ kind: 'place', order, audit });
    // Retries of one key wait for each other, so the second sees the first one's order.
    const key = `${userId}:${idempotencyKey}`;
    while (this.inflightKeys.has(key)) await this.inflightKeys.get(key)!.catch(() => undefined);
    const pending = entry.queue.submit({ kind: 'place', order, audit });
    this.inflightKeys.set(key, pending);
    try {
      return await pending;
    } finally {
      this.inflightKeys.delete(key);
    }
  }

  /** Cancels the user's own open order. */
  async cancelOrder(userId: string, orderId: string, hops = 0, audit?: AuditContext): Promise<Outcome> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw notFound('Order not found');
    if (row.userId !== userId) throw forbidden('You can only cancel your own orders');
    if (row.status !== 'open') throw conflict(`Order is ${row.status}, only open orders can be cancelled`);
    return this.onOwner(
      row.instrumentId,
      hops,
      async () => {
        const entry = await this.desk(row.instrumentId);
        return entry!.queue.submit({ kind: 'cancel', orderId, userId, audit });
      },
      async (link, owner) => this.remember(await link.cancel(owner, { userId, orderId, hops: hops + 1 })),
    );
  }

  private remember(answer: { outcome: Outcome; instrument?: InstrumentRef }): Outcome {
    if (answer.instrument) this.refs.set(answer.instrument.id, answer.instrument);
    return answer.outcome;
  }

  /**
   * Stops trading an instrument whose lifecycle ended (servicing: matured, defaulted): new
   * orders are refused with its status, resting orders are cancelled (their reservations
   * released by the ordinary cancel path). Answers how many orders were cancelled.
   */
  async closeInstrument(instrumentId: string, status: string, hops = 0): Promise<number> {
    return this.onOwner(
      instrumentId,
      hops,
      () => this.closeLocal(instrumentId, status),
      (link, owner) => link.close(owner, { instrumentId, status, hops: hops + 1 }),
    );
  }

  private async closeLocal(instrumentId: string, status: string): Promise<number> {
    const entry = await this.desk(instrumentId);
    if (!entry) return 0;
    entry.status = status;
    const open = await this.db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(and(eq(orders.instrumentId, instrumentId), eq(orders.status, 'open')));
    let cancelled = 0;
    for (const order of open) {
      const outcome = await entry.queue.submit({
        kind: 'cancel',
        orderId: order.id,
        userId: order.userId,
        audit: { actorId: null, authorisedBy: `system: instrument ${status}` },
      });
      if (outcome.ok) cancelled++;
    }
    return cancelled;
  }

  /** Aggregated levels of an instrument's book, best first; null when the instrument does not exist. */
  async depth(
    instrumentId: string,
    levels: number,
    hops = 0,
  ): Promise<{ bids: BookLevel[]; asks: BookLevel[] } | null> {
    return this.onOwner(
      instrumentId,
      hops,
      async () => {
        const entry = await this.desk(instrumentId);
        return entry ? bookLevels(entry.desk, levels) : null;
      },
      (link, owner) => link.depth(owner, { instrumentId, levels, hops: hops + 1 }),
    );
  }

  /** Best bid and ask in hundredths (0 when a side is empty): loaded desks, or books owned elsewhere as last streamed. */
  bestPrices(instrumentId: string): { bid: number; ask: number } | null {
    const entry = this.loaded.get(instrumentId);
    return entry
      ? { bid: entry.desk.book.bestBid(), ask: entry.desk.book.bestAsk() }
      : (this.mirrored.get(instrumentId) ?? null);
  }

  /**
   * The next stream sequence number of an instrument's public events (trade, book, ticker),
   * assigned by its owner: epoch x 1e9 + a counter, so it grows across owners and a client
   * that sees anything but last + 1 knows it missed events and resyncs from REST.
   */
  nextSeq(instrumentId: string): number {
    const n = (this.sequences.get(instrumentId) ?? 0) + 1;
    this.sequences.set(instrumentId, n);
    return Number(this.ownership.epochOf(instrumentId)) * 1e9 + n;
  }

  /** Drops a desk whose book this instance no longer owns; commands still queued there are fenced and re-routed. */
  private forgetDesk(instrumentId: string): void {
    this.desks.delete(instrumentId);
    this.loaded.delete(instrumentId);
    this.sequences.delete(instrumentId);
  }

  /** What an order would be worth now (limit: quantity x price; market: walking the book), for amount limits. */
  /**
   * The order's notional in USD hundredths, what permission limits are written in: an order in
   * another currency is valued at the latest ECB reference rate (issue 17 item 10).
   */
  async notionalInLimitCurrency(input: PlaceOrder): Promise<bigint | undefined> {
    const notional = this.estimateNotional(input);
    if (notional === undefined) return undefined;
    const currency = await this.currencyOf(input.instrumentId);
    return currency === undefined ? notional : valueInLimitCurrency(this.db, notional, currency);
  }

  private async currencyOf(instrumentId: string): Promise<string | undefined> {
    const known = this.instrumentOf(instrumentId)?.currency;
    if (known) return known;
    const [row] = await this.db
      .select({ currency: instruments.currency })
      .from(instruments)
      .where(eq(instruments.id, instrumentId));
    return row?.currency;
  }

  estimateNotional(input: PlaceOrder): bigint | undefined {
    if (input.type === 'limit') {
      const price = toMinorUnits(input.price as string | number);
      return price === null ? undefined : price * BigInt(input.quantity);
    }
    const entry = this.loaded.get(input.instrumentId);
    if (!entry) return undefined;
    const quote = entry.desk.book.quoteMarket(input.orderType === 'buy' ? Side.BUY : Side.SELL, input.quantity);
    return BigInt(quote.notional);
  }

  private async tradableDesk(instrumentId: string): Promise<DeskEntry> {
    const entry = await this.desk(instrumentId);
    if (!entry) throw notFound('Instrument not found');
    if (entry.status !== 'active')
      throw unprocessable('INSTRUMENT_NOT_TRADABLE', `Instrument is ${entry.status} and cannot be traded`);
    return entry;
  }

  /** The instrument's desk, rebuilt from its open orders on first use. */
  private desk(instrumentId: string): Promise<DeskEntry | null> {
    let entry = this.desks.get(instrumentId);
    if (!entry) {
      entry = this.openDesk(instrumentId);
      this.desks.set(instrumentId, entry);
      entry.catch(() => this.desks.delete(instrumentId));
    }
    return entry;
  }

  private async openDesk(instrumentId: string): Promise<DeskEntry | null> {
    const [row] = await this.db
      .select({
        id: instruments.id,
        name: instruments.name,
        currency: instruments.currency,
        status: instruments.status,
        settlementCycle: instruments.settlementCycle,
      })
      .from(instruments)
      .where(eq(instruments.id, instrumentId));
    if (!row) {
      this.desks.delete(instrumentId);
      return null;
    }
    const desk = new InstrumentDesk(
      { id: row.id, name: row.name, currency: row.currency, settlementCycle: row.settlementCycle },
      this.owners,
    );
    const entry: DeskEntry = {
      desk,
      status: row.status,
      queue: new BatchQueue((batch) => this.processBatch(entry, batch)),
    };
    await this.rebuild(entry);
    this.loaded.set(instrumentId, entry);
    return entry;
  }

  private async rebuild(entry: DeskEntry): Promise<void> {
    await this.db.transaction(async (tx) => {
      const open = await loadOpenOrders(tx, entry.desk.instrument.id);
      await loadAccounts(
        tx,
        this.accounts,
        open.map((o) => o.userId),
      );
      entry.desk.load(open);
    });
  }

  /**
   * First the fast way: taker balances as last known, the whole batch written by ONE
   * guarded statement with its audit rows (no explicit transaction). If the guard refuses it
   * (a balance moved elsewhere), an order was refused on a figure not read now, or a
   * transient error hit, the desk is rebuilt and the batch runs again in a transaction
   * that reads and locks every taker balance first.
   */
  private async processBatch(entry: DeskEntry, commands: Command[]): Promise<Outcome[]> {
    for (let attempt = 1; ; attempt++) {
      // Commands are copied so a retry starts from the original requests (an OrderState
      // holds only primitives, and its dates are replaced, never changed in place).
      const batch = commands.map((c): Command => (c.kind === 'place' ? { ...c, order: { ...c.order } } : c));
      const locked = attempt > 1;
      try {
        const result = locked
          ? await this.db.transaction((tx) => this.matchAndWrite(tx, entry, batch, true))
          : await this.matchAndWrite(this.db, entry, batch, false);
        if (!result) {
          await this.rebuild(entry);
          continue;
        }
        this.publish(entry, result.writes);
        // Answer with the state as committed; later batches keep mutating resting orders.
        return result.outcomes.map((o) => (o.ok ? { ...o, order: { ...o.order } } : o));
      } catch (error) {
        // Another instance owns the book now: this desk is stale, the commands go to the new owner.
        if (isFenceRefusal(error)) {
          this.log?.warn(
            { instrumentId: entry.desk.instrument.id },
            'batch write fenced: the lease moved, nothing committed',
          );
          this.ownership.fenced(entry.desk.instrument.id);
          this.forgetDesk(entry.desk.instrument.id);
          throw new LeaseLostError(entry.desk.instrument.id);
        }
        // Nothing was written: the in-memory book must forget what it matched.
        await this.rebuild(entry);
        const retry = isTransient(error) || (!locked && isLedgerGuardRefusal(error));
        if (attempt >= 3 || !retry) throw error;
        if (locked) this.log?.warn({ err: error, attempt }, 'order batch hit a transient database error; retrying');
      }
    }
  }

  /** Matches a batch and writes it; null when a refusal rested on a balance figure that was not read now. */
  private async matchAndWrite(db: Db | Tx, entry: DeskEntry, batch: Command[], lock: boolean) {
    const ctx = await loadBatchContext(db, entry.desk, batch, this.accounts, this.balances, lock);
    const result = runBatch(ctx, batch);
    if (ctx.refusedOnCachedBalance) return null;
    // The audit rows commit with the batch: inside its one statement on the fast path; in
    // the locked transaction through recordAudit, which cannot lose a race for the head.
    const audit = auditEntries(batch, result.outcomes);
    const fence = this.ownership.fence(entry.desk.instrument.id);
    this.balances.remember(await writeBatch(db, result.writes, fence, lock ? null : auditInsertCte(audit)));
    if (lock) await recordAudit(db as Tx, audit);
    return result;
  }

  private publish(entry: DeskEntry, writes: BatchWrites): void {
    const { instrument } = entry.desk;
    for (const order of new Set([...writes.inserted, ...writes.updated.values()])) {
      this.bus.publish({ type: 'order', order: orderDto(order, instrument), userId: order.userId });
    }
    for (const trade of writes.trades)
      this.bus.publish({ type: 'trade', trade: tradeDto(trade, instrument), seq: this.nextSeq(instrument.id) });
    if (writes.inserted.length + writes.updated.size > 0) {
      this.bookFrames.schedule(instrument.id, () => {
        if (this.loaded.get(instrument.id) !== entry) return;
        this.bus.publish({
          type: 'book',
          instrumentId: instrument.id,
          ...bookLevels(entry.desk, STREAM_BOOK_DEPTH),
          seq: this.nextSeq(instrument.id),
        });
      });
    }
  }

  /** The instrument a loaded desk trades (name and currency), for DTOs. */
  instrumentOf(instrumentId: string): InstrumentRef | undefined {
    return this.loaded.get(instrumentId)?.desk.instrument ?? this.refs.get(instrumentId);
  }

  /** Test and shutdown aid: resolves when every queue is empty. */
  async idle(): Promise<void> {
    await Promise.all([...this.loaded.values()].map((e) => e.queue.idle()));
  }
}

function bookLevels(desk: InstrumentDesk, levels: number): { bids: BookLevel[]; asks: BookLevel[] } {
  const view = (side: Side) =>
    desk.book.depth(side, levels).map((l) => ({
      price: fromMinorUnits(BigInt(l.price)),
      quantity: l.quantity,
      total: fromMinorUnits(BigInt(l.price) * BigInt(l.quantity)),
    }));
  return { bids: view(Side.BUY), asks: view(Side.SELL) };
}

/** Deadlocks, serialization failures and a lost race creating a balance row are worth another try. */
function isTransient(error: unknown): boolean {
  const code = sqlState(error);
  return code === '40P01' || code === '40001' || code === '23505';
}
