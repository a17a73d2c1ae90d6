import type { Ticker } from '@meridian/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { MarketEventBus } from '../market-data/event-bus';
import { scanAll } from './scanner';

/** After a trade event, wait this long so a burst of fills is judged in one pass. */
export const SCAN_DEBOUNCE_MS = 250;
/** Lagged rules (spoofing, marking the close) and trades written by other servers are picked up by this poll. */
export const SCAN_POLL_MS = 5_000;

/**
 * What a ticker says about its instrument's trades (not its book): the last price and the
 * 24-hour figures. A ticker also follows a book change without a trade; its mark is then the
 * one before. A new trade that exactly replaces one leaving the window (same price and
 * quantity, last price, high and low unchanged) leaves the mark as it was: the poll finds it.
 */
function tradeMark(ticker: Ticker): string {
  return `${ticker.trades24h}|${ticker.volume24h}|${ticker.turnover24h}|${ticker.lastPrice}|${ticker.high24h}|${ticker.low24h}`;
}

/**
 * Runs the surveillance rules as trades happen: a trade on the market event bus schedules a
 * pass shortly after, and a slow poll catches what the bus does not carry. One pass at a time.
 */
export class SurveillanceRunner {
  private timer: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  /** Per instrument traded elsewhere, the tradeMark of the last remote ticker seen. */
  private readonly tradesSeen = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(bus: MarketEventBus): void {
    this.stopped = false;
    this.tradesSeen.clear();
    // Trades made on other instances are announced by their tickers (decision 0089: the leader
    // does not receive every batch's trades); tickers also follow book changes, which need no
    // pass, so only one whose trade figures moved schedules one (the first of an instrument does).
    this.unsubscribe = bus.subscribe(
      (event) => {
        if (event.type === 'trade' || (event.type === 'ticker' && event.remote && this.tradedSince(event.ticker)))
          this.schedule(SCAN_DEBOUNCE_MS);
      },
      { remote: 'tickers' },
    );
    this.poll = setInterval(() => this.schedule(0), SCAN_POLL_MS);
    this.poll.unref();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    if (this.poll) clearInterval(this.poll);
    await this.running?.catch(() => 0);
  }

  /** Runs a pass now (tests, the seed) and waits for it; returns the trades judged. */
  async runNow(now = new Date()): Promise<number> {
    while (this.running) await this.running.catch(() => 0);
    return this.pass(now);
  }

  /** Whether the instrument traded since its last ticker seen here (remembers this one). */
  private tradedSince(ticker: Ticker): boolean {
    const mark = tradeMark(ticker);
    if (this.tradesSeen.get(ticker.instrumentId) === mark) return false;
    this.tradesSeen.set(ticker.instrumentId, mark);
    return true;
  }

  private schedule(delayMs: number): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) {
        this.again = true;
        return;
      }
      void this.pass(new Date()).catch((error) => this.log.error({ err: error }, 'surveillance pass failed'));
    }, delayMs);
    this.timer.unref();
  }

  private async pass(now: Date): Promise<number> {
    this.running = scanAll(this.db, now);
    try {
      return await this.running;
    } finally {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.schedule(SCAN_DEBOUNCE_MS);
      }
    }
  }
}
