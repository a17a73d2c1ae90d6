import type { Ticker } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { marketOverview } from './market-overview';

const ticker = (name: string, trades24h: number, changePercent: number | null): Ticker => ({
  instrumentId: '00000000-0000-4000-8000-000000000001',
  name,
  currency: 'USD',
  lastPrice: '100.00',
  change: null,
  changePercent,
  bestBid: null,
  bestAsk: null,
  volume24h: trades24h * 10,
  turnover24h: '0.00',
  high24h: null,
  low24h: null,
  trades24h,
});

describe('marketOverview', () => {
  it('counts listed and traded instruments and ranks the largest moves', () => {
    const overview = marketOverview(
      [ticker('Flat', 3, 0), ticker('Down', 1, -4.2), ticker('Up', 2, 1.5), ticker('Idle', 0, null)],
      2,
    );
    expect(overview).toMatchObject({ listed: 4, traded24h: 3, trades24h: 6 });
    expect(overview.movers.map((t) => t.name)).toEqual(['Down', 'Up']);
  });
});
