import type { Db } from '../../db/client';
import { recentActivity } from './queries';

/** Rates are averaged over the last minute of rows. */
export const RATE_WINDOW_SECONDS = 60;
/** A read finding the figures older than this counts them again (in the background). */
export const REFRESH_MS = 5_000;
/** A read finding the figures older than this (a quiet spell) waits for the count instead. */
export const WAIT_AFTER_MS = 2 * REFRESH_MS;

export interface ThroughputRates {
  ordersPerSecond: number;
  tradesPerSecond: number;
}

/**
 * Orders and trades per second from the rows written in the last minute. Counted when read,
 * not on a timer (decision 0090): the counts cover a minute of rows (~60,000 each under a
 * bench load, tens of milliseconds of PostgreSQL), and a timer paid them every 5 s on every
 * instance of a cluster whether or not anyone looked. A read answers the last figures at once
 * and, when they are older than REFRESH_MS, starts a count in the background for the next read; nothing is counted while nobody reads. After a
 * quiet spell (figures older than WAIT_AFTER_MS) the read waits for the count, so no figure
 * served is older than WAIT_AFTER_MS, however long nobody looked (unless that count fails).
 */
export class ThroughputMeter {
  private figures: ThroughputRates | null = null;
  /** When the figures held were counted (performance.now()). */
  private countedAt = 0;
  private counting: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async refresh(): Promise<void> {
    const started = this.now();
    const counts = await recentActivity(this.db, RATE_WINDOW_SECONDS);
    const perSecond = (n: number) => Math.round((n / RATE_WINDOW_SECONDS) * 100) / 100;
    this.figures = { ordersPerSecond: perSecond(counts.orders), tradesPerSecond: perSecond(counts.trades) };
    this.countedAt = started;
  }

  /** Counts once, so the first read has figures. */
  async start(): Promise<void> {
    await this.refresh();
  }

  /** Waits for a count started by a read (at close, so none runs on a closing pool; tests). */
  async settled(): Promise<void> {
    await this.counting;
  }

  /** The rates of the last minute; null only when no count has ever succeeded. */
  rates = async (): Promise<ThroughputRates | null> => {
    const age = this.now() - this.countedAt;
    if (this.counting === null && age >= REFRESH_MS)
      this.counting = this.refresh()
        .catch(() => undefined)
        .finally(() => (this.counting = null));
    if (this.figures === null || age >= WAIT_AFTER_MS) await this.counting;
    return this.figures;
  };
}
