import { Side } from '@meridian/matching';
import { fromMinorUnits, type BookLevel, type Order } from '@meridian/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { instruments } from '../../db/schema';
import { notFound, unprocessable } from '../../errors';
import { appendOrderRows } from '../audit/order-rows';
import { isChainForkRefusal, orderChain, readChainHead, type ChainHead } from '../audit/own-chain';
import { AvailableCache, isLedgerGuardRefusal, sqlState } from '../ledger';
import { Coalescer, type MarketEventBus } from '../market-data/event-bus';
import { BatchQueue } from './batch-queue';
import { InstrumentDesk, OwnerRegistry, type OrderState } from './desk';
import { orderDto, tradeDto } from './dto';
import {
  orderAuditRows,
  runBatch,
  type BatchContext,
  type BatchWrites,
  type Command,
  type Outcome,
} from './order-flow';
import { isFenceRefusal, type Ownership } from './ownership';
import { LeaseLostError } from './remote';
import { loadAccounts, loadBatchContext, loadOpenOrders, writeBatch, type AccountCache } from './persist';

/** Levels per side sent in stream book frames (screens show 8). */
export const STREAM_BOOK_DEPTH = 20;
const BOOK_FRAME_DELAY_MS = 50;

export interface DeskEntry {
  desk: InstrumentDesk;
  /** Instrument status when the desk opened; only 'active' instruments trade. */
  status: string;
  queue: BatchQueue<Command, Outcome>;
  /**
   * The lease epoch the book was read under (0 on one process). Every batch is fenced on it,
   * not on the epoch held now: a desk dropped when the lease was lost may still have batches
   * queued, and after this instance takes the book back (a new epoch, a new desk read from the
   * database) those must be refused, never written from the stale book.
   */
  epoch: bigint;
  /**
   * The head of the instrument's audit chain as last committed by this desk (decision 0072:
   * the book's single writer is its chain's single writer); null = read it before the next write.
   */
  auditHead: ChainHead | null;
}

/**
 * The books this instance writes: one desk (book + open orders) and one serial queue per
 * instrument. Each queued batch is matched in memory and persisted by ONE statement
 * (orders, trades, DvP journal, settlements, balances, audit rows); callers are answered
 * only after it committed, then events go out on the bus. A batch whose write failed is
 * taken back out of the book (`InstrumentDesk.undo`), never by reloading the book.
 */
export class Books {
  private readonly desks = new Map<string, Promise<DeskEntry | null>>();
  private readonly loaded = new Map<string, DeskEntry>();
  private readonly owners = new OwnerRegistry();
  private readonly accounts: AccountCache = new Map();
  /** Last known available balances of takers (see AvailableCache). */
  private readonly balances = new AvailableCache();
  private readonly bookFrames = new Coalescer(BOOK_FRAME_DELAY_MS);
  /** Books read back from the database after they opened (a batch the undo could not cover): tests, metrics. */
  rebuilds = 0;

  constructor(
    private readonly db: Db,
    /** The batches' connections (decision 0085): few, so their prepared statements are reused. */
    private readonly writer: Db,
    private readonly bus: MarketEventBus,
    private readonly ownership: Ownership,
    /** The next stream sequence number of an instrument (TradingService.nextSeq). */
    private readonly nextSeq: (instrumentId: string) => number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The instrument's desk, rebuilt from its open orders on first use; null when the instrument does not exist. */
  desk(instrumentId: string): Promise<DeskEntry | null> {
    let entry = this.desks.get(instrumentId);
    if (!entry) {
      entry = this.openDesk(instrumentId);
      this.desks.set(instrumentId, entry);
      entry.catch(() => this.desks.delete(instrumentId));
    }
    return entry;
  }

  async tradable(instrumentId: string): Promise<DeskEntry> {
    const entry = await this.desk(instrumentId);
    if (!entry) throw notFound('Instrument not found');
    if (entry.status !== 'active')
      throw unprocessable('INSTRUMENT_NOT_TRADABLE', `Instrument is ${entry.status} and cannot be traded`);
    return entry;
  }

  /** A desk already open on this instance. */
  opened(instrumentId: string): DeskEntry | undefined {
    return this.loaded.get(instrumentId);
  }

  has(instrumentId: string): boolean {
    return this.loaded.has(instrumentId);
  }

  /**
   * Drops a desk whose book this instance no longer owns; commands still queued there are fenced
   * (their desk's epoch is no longer the lease's) and re-routed. `entry`: drop only that desk, not
   * one opened since.
   */
  forget(instrumentId: string, entry?: DeskEntry): void {
    if (entry && this.loaded.get(instrumentId) !== entry) return;
    this.desks.delete(instrumentId);
    this.loaded.delete(instrumentId);
  }

  /** Hand-over: accept nothing new for the instrument, resolve when its queue is empty. */
  async drain(instrumentId: string): Promise<void> {
    const entry = this.loaded.get(instrumentId);
    this.desks.delete(instrumentId);
    await entry?.queue.idle();
    if (this.loaded.get(instrumentId) === entry) this.loaded.delete(instrumentId);
  }

  /** Resolves when every queue is empty. */
  async idle(): Promise<void> {
    await Promise.all([...this.loaded.values()].map((e) => e.queue.idle()));
  }

  stop(): void {
    this.bookFrames.stop();
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
    // Read before the book: a lease lost while the book loads leaves this desk at the old epoch.
    const epoch = this.ownership.epochOf(instrumentId);
    const entry: DeskEntry = {
      desk,
      status: row.status,
      queue: new BatchQueue((batch) => this.processBatch(entry, batch)),
      epoch,
      auditHead: null,
    };
    await this.load(entry);
    // Lost while it loaded: the desk stays out of `loaded` and its batches are fenced.
    if (this.ownership.epochOf(instrumentId) === epoch) this.loaded.set(instrumentId, entry);
    return entry;
  }

  private async load(entry: DeskEntry): Promise<void> {
    await this.db.transaction(async (tx) => {
      const open = await loadOpenOrders(tx, entry.desk.instrument.id);
      await loadAccounts(
        tx,
        this.accounts,
        open.map((o) => o.userId),
      );
      entry.desk.load(open);
      // Read with the book: after a takeover, the fence made the old owner's last batch visible.
      entry.auditHead = await readChainHead(tx, orderChain(entry.desk.instrument.id));
    });
  }

  /**
   * First the fast way: taker balances as last known, the whole batch written by ONE
   * guarded statement with its audit rows (no explicit transaction). If the guard refuses it
   * (a balance moved elsewhere), an order was refused on a figure not read now, or a
   * transient error hit, the batch is taken back out of the book and runs again in a
   * transaction that reads and locks every taker balance first.
   */
  private async processBatch(entry: DeskEntry, commands: Command[]): Promise<Outcome[]> {
    for (let attempt = 1; ; attempt++) {
      // Commands are copied so a retry starts from the original requests (an OrderState
      // holds only primitives, and its dates are replaced, never changed in place).
      const batch = commands.map((c): Command => (c.kind === 'place' ? { ...c, order: { ...c.order } } : c));
      const locked = attempt > 1;
      const ran: { ctx?: BatchContext; writes?: BatchWrites } = {};
      try {
        const result = locked
          ? await this.writer.transaction((tx) => this.matchAndWrite(tx, entry, batch, true, ran))
          : await this.matchAndWrite(this.writer, entry, batch, false, ran);
        if (!result) {
          await this.takeBack(entry, ran);
          continue;
        }
        entry.auditHead = result.auditHead; // committed: the chain's head moved
        const dtos = this.publish(entry, result.writes);
        // Answer with the state as committed (later batches keep mutating resting orders), and
        // with the DTO the stream got: one per order, not one for the stream and one for the answer.
        return result.outcomes.map((o) => (o.ok ? { ...o, order: { ...o.order }, dto: dtos.get(o.order) } : o));
      } catch (error) {
        // Whether the batch's audit rows committed is not known for every error: read the head again.
        entry.auditHead = null;
        // Another instance owns the book now: this desk is stale, the commands go to the new owner.
        if (isFenceRefusal(error)) {
          this.log?.warn(
            { instrumentId: entry.desk.instrument.id },
            'batch write fenced: the lease moved, nothing committed',
          );
          this.ownership.fenced(entry.desk.instrument.id, entry.epoch);
          this.forget(entry.desk.instrument.id, entry);
          throw new LeaseLostError(entry.desk.instrument.id);
        }
        // The chain already has the rows this desk meant to append: another desk wrote the book
        // after this one read it (not the writer any more, or never was). Nothing committed; this
        // desk is dropped and the commands resolve the owner again (a new desk reads the book and
        // the chain's head), never retried from the head this one holds.
        if (isChainForkRefusal(error)) {
          this.log?.warn(
            { instrumentId: entry.desk.instrument.id, err: error },
            'batch refused: its audit chain moved on under this desk, nothing committed',
          );
          this.forget(entry.desk.instrument.id, entry);
          throw new LeaseLostError(entry.desk.instrument.id);
        }
        // Nothing was written: the in-memory book must forget what it matched.
        await this.takeBack(entry, ran);
        const retry = isTransient(error) || (!locked && isLedgerGuardRefusal(error));
        if (attempt >= 3 || !retry) throw error;
        if (locked) this.log?.warn({ err: error, attempt }, 'order batch hit a transient database error; retrying');
      }
    }
  }

  /** Undoes a matched batch that was not written; a batch that failed half-way through matching reloads the book. */
  private async takeBack(entry: DeskEntry, ran: { ctx?: BatchContext; writes?: BatchWrites }): Promise<void> {
    if (!ran.ctx) return; // failed before matching: the book is untouched
    if (ran.writes) {
      entry.desk.undo(ran.writes.inserted, ran.ctx.touched);
      return;
    }
    this.rebuilds++;
    await this.load(entry);
  }

  /** Matches a batch and writes it; null when a refusal rested on a balance figure that was not read now. */
  private async matchAndWrite(
    db: Db | Tx,
    entry: DeskEntry,
    batch: Command[],
    lock: boolean,
    ran: { ctx?: BatchContext; writes?: BatchWrites },
  ) {
    const ctx = await loadBatchContext(db, entry.desk, batch, this.accounts, this.balances, lock);
    ran.ctx = ctx;
    const result = runBatch(ctx, batch);
    ran.writes = result.writes;
    if (ctx.refusedOnCachedBalance) return null;
    // The audit rows commit with the batch, inside its one statement (fast path and locked
    // transaction alike), on the instrument's own chain, hashed here onto the head it holds.
    const instrumentId = entry.desk.instrument.id;
    const head = entry.auditHead ?? (await readChainHead(db, orderChain(instrumentId)));
    const audit = appendOrderRows(orderChain(instrumentId), head, orderAuditRows(batch, result.outcomes));
    const fence = this.ownership.fence(instrumentId, entry.epoch);
    this.balances.remember(await writeBatch(db, result.writes, fence, audit));
    return { ...result, auditHead: audit?.head ?? head };
  }

  /** Publishes a committed batch's events; answers the order DTOs it sent, by order. */
  private publish(entry: DeskEntry, writes: BatchWrites): Map<OrderState, Order> {
    const { instrument } = entry.desk;
    const dtos = new Map<OrderState, Order>();
    for (const order of [...writes.inserted, ...writes.updated.values()]) {
      if (dtos.has(order)) continue;
      const dto = orderDto(order, instrument);
      dtos.set(order, dto);
      this.bus.publish({ type: 'order', order: dto, userId: order.userId });
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
    return dtos;
  }
}

export function bookLevels(desk: InstrumentDesk, levels: number): { bids: BookLevel[]; asks: BookLevel[] } {
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
