import type { InstrumentListItem, Ticker } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { currentPrice, marketWatchRows } from './market-watch';

const instrument = (n: number): InstrumentListItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Instrument ${n}`,
  contractType: 'PAM',
  currency: 'USD',
  notionalAmount: '1000000.00',
  maturityDate: null,
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
  issuerName: null,
  sector: null,
  rating: null,
  price: '98.40',
  priceSource: 'model',
  yield: 4.1,
  volume24h: '0.00',
  currentPrice: 98.4,
  priceChange: 0,
});

const ticker = (instrumentId: string, lastPrice: string | null, changePercent: number | null): Ticker => ({
  instrumentId,
  name: 'x',
  currency: 'USD',
  lastPrice,
  change: null,
  changePercent,
  bestBid: null,
  bestAsk: null,
  volume24h: 0,
  turnover24h: '0.00',
  high24h: null,
  low24h: null,
  trades24h: 0,
});

describe('marketWatchRows', () => {
  const instruments = Array.from({ length: 15 }, (_, i) => instrument(i + 1));

  it('shows the first 12 instruments', () => {
    expect(marketWatchRows(instruments, []).map((r) => r.name)).toEqual(instruments.slice(0, 12).map((i) => i.name));
  });

  it('prices from the last trade, else the instrument price', () => {
    const [first, second] = marketWatchRows(instruments, [ticker(instruments[0]!.id, '101.10', 2.75)]);
    expect(first).toMatchObject({ price: '101.10', changePercent: 2.75, traded: true });
    expect(second).toMatchObject({ price: '98.40', changePercent: null, traded: false });
  });

  it('estimates with the last trade, else the instrument price', () => {
    expect(currentPrice(instruments[0], ticker(instruments[0]!.id, '101.10', null))).toBe('101.10');
    expect(currentPrice(instruments[0], ticker(instruments[0]!.id, null, null))).toBe('98.40');
    expect(currentPrice(undefined, undefined)).toBeNull();
  });
});
