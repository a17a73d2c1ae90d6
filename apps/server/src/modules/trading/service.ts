import { randomUUID } from 'node:crypto';
import { Side } from '@meridian/matching';
import { toMinorUnits, type BookLevel, type PlaceOrder } from '@meridian/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { instruments, orders } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { AuditContext } from '../audit/record';
import { valueInLimitCurrency } from '../fx/service';
import type { MarketEventBus } from '../market-data/event-bus';
import { BookMirror, type BestPrices } from './book-mirror';
import { bookLevels, Books } from './books';
import type { InstrumentRef, OrderState } from './desk';
import type { Outcome } from './order-flow';
import { routeToOwner } from './owner-route';
import { SoloOwnership, type Ownership } from './ownership';
import type { RemoteTrading } from './remote';

export { STREAM_BOOK_DEPTH } from './books';

/**
 * Order entry for every instrument: commands go to the instrument's book on this instance
 * (`Books`: desk, serial queue, one-statement batch writes) or, in a cluster, to the
 * instance that owns the book (NATS request/reply); idempotency keys and stream sequence
 * numbers are kept here, what other instances' books look like from here in `BookMirror`.
 */
export class TradingService {
  /** The books this instance writes. */
  readonly books: Books;
  private readonly inflightKeys = new Map<string, Promise<unknown>>();
  /** Per-instrument stream sequence (see nextSeq). */
  private readonly sequences = new Map<string, number>();
  /** Instruments of orders answered by another instance (their DTOs need name and currency). */
  private readonly refs = new Map<string, InstrumentRef>();
  /** Best bid/ask of books owned elsewhere, from their fanned-out tickers (and book frames, where streamed). */
  private readonly mirror: BookMirror;
  private remote: RemoteTrading | null = null;
  /** Per instrument, who placed the last order sent through this instance (lastOwnerOf). */
  private readonly placedBy = new Map<string, string>();

  constructor(
    private readonly db: Db,
    bus: MarketEventBus,
    private readonly log?: FastifyBaseLogger,
    /** Who writes which book (one process: this one, every book). */
    readonly ownership: Ownership = new SoloOwnership(),
    /** Where the books' batches are written (Database.bookWriter); `db` when not given. */
    bookWriter: Db = db,
  ) {
    this.books = new Books(db, bookWriter, bus, ownership, (id) => this.nextSeq(id), log);
    this.mirror = new BookMirror(bus, (id) => this.books.has(id));
  }

  /** Rebuilds the book of every instrument that has open orders (in a cluster: those this instance owns). */
  async start(): Promise<void> {
    this.mirror.start();
    if (this.ownership.clustered) {
      await this.ownership.start({
        acquired: (id) =>
          void this.books.desk(id).catch((error: unknown) => this.log?.error({ err: error }, 'book rebuild failed')),
        lost: (id) => this.forgetDesk(id),
        drain: (id) => this.books.drain(id),
      });
      return;
    }
    const rows = await this.db
      .selectDistinct({ id: orders.instrumentId })
      .from(orders)
      .where(eq(orders.status, 'open'));
    await Promise.all(rows.map((r) => this.books.desk(r.id)));
  }

  async stop(): Promise<void> {
    await this.books.idle();
    this.mirror.stop();
    await this.ownership.stop();
    this.books.stop();
  }

  /** Lets this instance forward commands for books owned by another instance (NATS request/reply). */
  connect(remote: RemoteTrading): void {
    this.remote = remote;
  }

  /** Runs `local` when this instance owns the instrument's book, else `remote` on its owner, with failover (routeToOwner). */
  private onOwner<T>(
    instrumentId: string,
    hops: number,
    local: () => Promise<T>,
    remote: (link: RemoteTrading, owner: string) => Promise<T>,
    resendable = false,
  ): Promise<T> {
    return routeToOwner(this.ownership, this.remote, instrumentId, hops, local, remote, resendable);
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
      async () => {
        const outcome = await this.placeLocal(userId, input, idempotencyKey, audit);
        this.placedBy.set(input.instrumentId, this.ownership.instanceId);
        return outcome;
      },
      async (link, owner) => {
        const answer = await link.place(owner, { userId, input, idempotencyKey, hops: hops + 1, audit });
        this.placedBy.set(input.instrumentId, owner);
        return this.remember(answer);
      },
      idempotencyKey !== null,
    );
  }

  /**
   * The instance that placed this instance's last order on a book (itself or the owner it was
   * routed to): the owner hint of decision 0085. Null before any order or on one process.
   */
  lastOwnerOf(instrumentId: string): string | null {
    return this.ownership.clustered ? (this.placedBy.get(instrumentId) ?? null) : null;
  }

  private async placeLocal(
    userId: string,
    input: PlaceOrder,
    idempotencyKey: string | null,
    audit?: AuditContext,
  ): Promise<Outcome> {
    const entry = await this.books.tradable(input.instrumentId);
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
      price: input.type === 'limit' ? toMinorUnits(input.price ?? '') : null,
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
        const entry = await this.books.desk(row.instrumentId);
        return entry!.queue.submit({ kind: 'cancel', orderId, userId, audit });
      },
      async (link, owner) => this.remember(await link.cancel(owner, { userId, orderId, hops: hops + 1, audit })),
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
    const entry = await this.books.desk(instrumentId);
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
        const entry = await this.books.desk(instrumentId);
        return entry ? bookLevels(entry.desk, levels) : null;
      },
      (link, owner) => link.depth(owner, { instrumentId, levels, hops: hops + 1 }),
      true,
    );
  }

  /** Best bid and ask in hundredths (0 when a side is empty): loaded desks, or books owned elsewhere as last streamed. */
  bestPrices(instrumentId: string): BestPrices | null {
    const entry = this.books.opened(instrumentId);
    return entry
      ? { bid: entry.desk.book.bestBid(), ask: entry.desk.book.bestAsk() }
      : this.mirror.bestPrices(instrumentId);
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
    this.books.forget(instrumentId);
    this.sequences.delete(instrumentId);
  }

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

  /** What an order would be worth now (limit: quantity x price; market: walking the book), for amount limits. */
  estimateNotional(input: PlaceOrder): bigint | undefined {
    if (input.type === 'limit') {
      const price = toMinorUnits(input.price ?? '');
      return price === null ? undefined : price * BigInt(input.quantity);
    }
    const entry = this.books.opened(input.instrumentId);
    if (!entry) return undefined;
    const quote = entry.desk.book.quoteMarket(input.orderType === 'buy' ? Side.BUY : Side.SELL, input.quantity);
    return BigInt(quote.notional);
  }

  /** The instrument a loaded desk trades (name and currency), for DTOs. */
  instrumentOf(instrumentId: string): InstrumentRef | undefined {
    return this.books.opened(instrumentId)?.desk.instrument ?? this.refs.get(instrumentId);
  }

  /** Test and shutdown aid: resolves when every queue is empty. */
  async idle(): Promise<void> {
    await this.books.idle();
  }
}
