import type { InstrumentListItem, Ticker } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { ALL_TYPES, contractTypesOf, currentPrice, marketWatchRows } from './market-watch';

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

  it('lists every instrument when nothing is filtered', () => {
    expect(marketWatchRows(instruments, []).map((r) => r.name)).toEqual(instruments.map((i) => i.name));
  });

  it('narrows by every search word (name, type, currency, issuer) and by contract type', () => {
    const mixed: InstrumentListItem[] = [
      { ...instrument(1), name: 'US Treasury 2030', contractType: 'PAM', issuerName: 'Acme Bank' },
      { ...instrument(2), name: 'Acme Growth Shares', contractType: 'STK', currency: 'EUR' },
      { ...instrument(3), name: 'Yuan Note', contractType: 'PAM', currency: 'CNY' },
    ];
    const names = (search: string, contractType = ALL_TYPES) =>
      marketWatchRows(mixed, [], { search, contractType }).map((r) => r.name);
    expect(names('acme')).toEqual(['US Treasury 2030', 'Acme Growth Shares']);
    expect(names('acme eur')).toEqual(['Acme Growth Shares']);
    expect(names('  cny ')).toEqual(['Yuan Note']);
    expect(names('', 'PAM')).toEqual(['US Treasury 2030', 'Yuan Note']);
    expect(names('treasury', 'STK')).toEqual([]);
    expect(contractTypesOf(mixed)).toEqual(['PAM', 'STK']);
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
