import type { Db } from '../../db/client';
import { recentActivity } from './queries';

/** Rates are averaged over the last minute of rows. */
export const RATE_WINDOW_SECONDS = 60;
const REFRESH_MS = 5_000;

/**
 * Orders and trades per second from the rows written in the last minute, refreshed in
 * the background because the system status provider is synchronous.
 */
export class ThroughputMeter {
  private rates: { orders: number; trades: number } | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  async refresh(): Promise<void> {
    const counts = await recentActivity(this.db, RATE_WINDOW_SECONDS);
    const perSecond = (n: number) => Math.round((n / RATE_WINDOW_SECONDS) * 100) / 100;
    this.rates = { orders: perSecond(counts.orders), trades: perSecond(counts.trades) };
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  ordersPerSecond = (): number | null => this.rates?.orders ?? null;
  tradesPerSecond = (): number | null => this.rates?.trades ?? null;
}
