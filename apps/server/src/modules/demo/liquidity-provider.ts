import { fromMinorUnits, roundPriceToTick, type PlaceOrder } from '@meridian/schemas';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { LIQUIDITY_ACCOUNTS } from '../../db/seed/trading';
import { DEMO_USERS } from '../../db/seed/users';
import { balances, instruments, ledgerAccounts, orders, settlements, trades, users } from '../../db/schema';
import type { MarketEventBus } from '../market-data/event-bus';
import { modelPrices, type ModelQuote as PriceQuote } from '../instruments/service';
import { userAccountCode } from '../ledger';
import { ensureProgrammes, programmeSettings, recordQuoteMid } from '../liquidity/programmes';
import type { TradingService } from '../trading/service';

const TICK_MS = 5_000;
const MAX_INSTRUMENTS = 60;
const LEVELS = 3;
/** Half spread and level spacing, in basis points of the fair value. */
const HALF_SPREAD_BP = 15n;
const STEP_BP = 10n;
/** Requote when the fair value moved this far from the quoted mid. */
const REQUOTE_BP = 15n;
/** The fair value wanders around the model within this band (a mean-reverting walk). */
const MAX_DRIFT_BP = 250;
/** Chance per tick that the demo order flow sends a market order to an instrument. */
const FLOW_PROBABILITY = 0.12;
/** Value quoted per level (hundredths) and the share of a seeded issue placed with the desk. */
const LEVEL_VALUE = 1_000_000n;
const PLACEMENT_SHARE_PERCENT = 10n;
const PLACEMENT_MAX_VALUE = 200_000_000n;

/** An instrument the desk can quote: it has a positive model (or issue) price. */
type ModelQuote = PriceQuote & { price: bigint };

interface Book {
  model: ModelQuote;
  /** The quoting programme's half spread (Adjust Spreads edits it); a change requotes. */
  halfSpreadBp: bigint;
  paused: boolean;
  driftBp: number;
  mid: bigint | null;
  orderIds: string[];
  stale: boolean;
}

/**
 * The demo liquidity provider (DEMO_MODE, LIQUIDITY_PROVIDER): a desk account keeps
 * post-only quotes on both sides of each instrument around its model price, and a second
 * account occasionally sends a small market order into them, so a fresh install shows a
 * live book and moving prices. Both trade through the ordinary order path (reservations,
 * matching, DvP settlement); seeded issues first place a tenth of their units with the desk.
 */
export class LiquidityProvider {
  private readonly books = new Map<string, Book>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private maker = '';
  private flow = '';

  constructor(
    private readonly db: Db,
    private readonly trading: TradingService,
    private readonly bus: MarketEventBus,
    private readonly log: FastifyBaseLogger,
    private readonly random: () => number = Math.random,
  ) {}

  async start(): Promise<void> {
    const accounts = await this.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [LIQUIDITY_ACCOUNTS.maker.email, LIQUIDITY_ACCOUNTS.flow.email]));
    this.maker = accounts.find((a) => a.email === LIQUIDITY_ACCOUNTS.maker.email)?.id ?? '';
    this.flow = accounts.find((a) => a.email === LIQUIDITY_ACCOUNTS.flow.email)?.id ?? '';
    if (!this.maker || !this.flow) {
      this.log.warn('liquidity provider: its accounts are not seeded (DEMO_MODE off?); not starting');
      return;
    }
    // Quotes left by a previous run are withdrawn: the desk requotes from scratch.
    const leftovers = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, this.maker), eq(orders.status, 'open')));
    for (const { id } of leftovers) await this.trading.cancelOrder(this.maker, id).catch(() => undefined);
    const active = await modelPrices(this.db, eq(instruments.status, 'active'));
    const models = active.filter((q): q is ModelQuote => q.price !== null && q.price > 0n).slice(0, MAX_INSTRUMENTS);
    for (const model of models)
      this.books.set(model.instrumentId, {
        model,
        halfSpreadBp: HALF_SPREAD_BP,
        paused: false,
        driftBp: 0,
        mid: null,
        orderIds: [],
        stale: true,
      });
    await ensureProgrammes(
      this.db,
      this.maker,
      models.map((m) => m.instrumentId),
      Number(HALF_SPREAD_BP),
    );
    await this.placeSeededIssues(models);
    // Its own orders' updates, wherever their book's owner runs (cluster: decision 0074).
    this.unsubscribe = this.bus.subscribe(
      (event) => {
        if (event.type === 'order' && event.userId === this.maker && event.order.status !== 'open') {
          const book = this.books.get(event.order.instrumentId);
          if (book) book.stale = true;
        }
      },
      { userId: this.maker, remote: 'none' },
    );
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    this.log.info({ instruments: this.books.size }, 'liquidity provider started');
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    await this.ticking;
  }

  /**
   * One round over the instruments; a call while a round runs joins it, so the timer and a
   * caller never quote the same book twice at once.
   */
  tick(): Promise<void> {
    this.ticking ??= this.round().finally(() => (this.ticking = null));
    return this.ticking;
  }

  /** Moves each fair value, requotes where needed, maybe trades. */
  private async round(): Promise<void> {
    await this.readProgrammes();
    for (const [instrumentId, book] of this.books) {
      try {
        if (book.paused) {
          if (book.orderIds.length > 0) await this.withdraw(book);
          continue;
        }
        const step = (this.random() - 0.5) * 8 - book.driftBp * 0.05;
        book.driftBp = Math.max(-MAX_DRIFT_BP, Math.min(MAX_DRIFT_BP, book.driftBp + step));
        const fair = (book.model.price * BigInt(Math.round(10_000 + book.driftBp))) / 10_000n;
        if (book.stale || book.mid === null || abs(fair - book.mid) * 10_000n > book.mid * REQUOTE_BP)
          await this.requote(instrumentId, book, fair);
        if (this.random() < FLOW_PROBABILITY) await this.sendFlow(instrumentId, fair);
      } catch (error) {
        this.log.warn({ err: error, instrumentId }, 'liquidity provider: round failed for an instrument');
      }
    }
  }

  /** Picks up spread and status changes of the quoting programmes; a changed spread requotes. */
  private async readProgrammes(): Promise<void> {
    const settings = await programmeSettings(this.db, this.maker);
    for (const [instrumentId, book] of this.books) {
      const programme = settings.get(instrumentId);
      if (!programme) continue;
      const halfSpreadBp = BigInt(programme.halfSpreadBp);
      if (halfSpreadBp !== book.halfSpreadBp) book.stale = true;
      book.halfSpreadBp = halfSpreadBp;
      book.paused = programme.status === 'paused';
      if (book.paused) book.stale = true;
    }
  }

  private async withdraw(book: Book): Promise<void> {
    for (const id of book.orderIds) await this.trading.cancelOrder(this.maker, id).catch(() => undefined);
    book.orderIds = [];
  }

  private async requote(instrumentId: string, book: Book, fair: bigint): Promise<void> {
    await this.withdraw(book);
    // On the currency's tick (whole yen for JPY), each quote rounded away from the fair value.
    const { currency } = book.model;
    for (let level = 0n; level < BigInt(LEVELS); level++) {
      const offset = (fair * (book.halfSpreadBp + STEP_BP * level)) / 10_000n || 1n + level;
      const quantity = quoteSize(fair) * (1 + Number(level));
      for (const [orderType, price] of [
        ['buy', roundPriceToTick(fair - offset, currency, 'down')],
        ['sell', roundPriceToTick(fair + offset, currency, 'up')],
      ] as const) {
        if (price <= 0n) continue;
        const outcome = await this.trading
          .placeOrder(this.maker, limitOrder(instrumentId, orderType, quantity, price, true), null)
          .catch(() => null);
        if (outcome?.ok) {
          book.orderIds.push(outcome.order.id);
          // Fills are measured against this mid (spread earnings on the Market Maker Dashboard).
          await recordQuoteMid(this.db, outcome.order.id, instrumentId, fair);
        }
      }
    }
    book.mid = fair;
    book.stale = false;
  }

  /** A small market order from the demo flow account; sells only what it holds. */
  private async sendFlow(instrumentId: string, fair: bigint): Promise<void> {
    const side = this.random() < 0.5 ? 'buy' : 'sell';
    const quantity = 1 + Math.floor(this.random() * quoteSize(fair));
    const order: PlaceOrder = {
      instrumentId,
      orderType: side,
      type: 'market',
      quantity,
      price: null,
      timeInForce: 'IOC',
      postOnly: false,
    };
    await this.trading.placeOrder(this.flow, order, null).catch(() => null);
  }

  /** Seeded issues place a tenth of their units with the desk at the model price, once. */
  private async placeSeededIssues(models: ModelQuote[]): Promise<void> {
    const seeded = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        or(
          inArray(
            users.email,
            DEMO_USERS.map((u) => u.email),
          ),
          like(users.email, '%@issuers.meridian.test'),
        ),
      );
    const seededIds = new Set(seeded.map((u) => u.id));
    for (const model of models) {
      if (!seededIds.has(model.issuerUserId)) continue;
      // Placed already: held, or bought and awaiting T+N settlement.
      if ((await this.unitsHeld(this.maker, model.instrumentId)) + (await this.unitsBought(model.instrumentId)) > 0n)
        continue;
      const issued = await this.unitsHeld(model.issuerUserId, model.instrumentId);
      const price = roundPriceToTick(model.price, model.currency, 'nearest');
      if (price <= 0n) continue;
      let quantity = (issued * PLACEMENT_SHARE_PERCENT) / 100n;
      if (quantity * price > PLACEMENT_MAX_VALUE) quantity = PLACEMENT_MAX_VALUE / price;
      if (quantity <= 0n || quantity > 1_000_000_000n) continue;
      const sell = await this.trading
        .placeOrder(model.issuerUserId, limitOrder(model.instrumentId, 'sell', Number(quantity), price, false), null)
        .catch(() => null);
      await this.trading
        .placeOrder(
          this.maker,
          { ...limitOrder(model.instrumentId, 'buy', Number(quantity), price, false), timeInForce: 'IOC' },
          null,
        )
        .catch(() => null);
      if (sell?.ok) await this.trading.cancelOrder(model.issuerUserId, sell.order.id).catch(() => undefined);
    }
  }

  /** Units the desk bought that a T+N settlement has not delivered yet. */
  private async unitsBought(instrumentId: string): Promise<bigint> {
    const [row] = await this.db
      .select({ units: sql<string>`coalesce(sum(${settlements.units}), 0)::text` })
      .from(settlements)
      .innerJoin(trades, eq(trades.id, settlements.tradeId))
      .where(
        and(
          eq(trades.buyerId, this.maker),
          eq(trades.instrumentId, instrumentId),
          inArray(settlements.status, ['pending', 'processing', 'failed']),
        ),
      );
    return BigInt(row?.units ?? '0');
  }

  private async unitsHeld(userId: string, instrumentId: string): Promise<bigint> {
    const [row] = await this.db
      .select({ total: balances.total })
      .from(balances)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, balances.accountId))
      .where(
        and(
          eq(ledgerAccounts.code, userAccountCode(userId)),
          eq(balances.assetType, 'units'),
          eq(balances.asset, instrumentId),
        ),
      );
    return row?.total ?? 0n;
  }
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/** Units worth about LEVEL_VALUE at this price (at least 1). */
function quoteSize(price: bigint): number {
  return Math.max(1, Number(LEVEL_VALUE / (price > 0n ? price : 1n)));
}

function limitOrder(
  instrumentId: string,
  orderType: 'buy' | 'sell',
  quantity: number,
  price: bigint,
  postOnly: boolean,
): PlaceOrder {
  return {
    instrumentId,
    orderType,
    type: 'limit',
    quantity,
    price: fromMinorUnits(price),
    timeInForce: 'GTC',
    postOnly,
  };
}
