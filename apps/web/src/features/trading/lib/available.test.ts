import type { InstrumentListItem, PortfolioAnalytics } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { availableFor } from './available';

const instrument = { id: '00000000-0000-4000-8000-000000000001', currency: 'EUR' } as InstrumentListItem;
const portfolio = {
  currency: 'USD',
  cash: [
    { currency: 'USD', total: '100.00', reserved: '0.00', available: '100.00' },
    { currency: 'EUR', total: '500.00', reserved: '120.50', available: '379.50' },
  ],
  positions: [{ instrumentId: instrument.id, units: 40, reservedUnits: 15 }],
} as PortfolioAnalytics;

describe('availableFor', () => {
  it('buys spend available cash in the instrument currency', () => {
    expect(availableFor(portfolio, instrument, 'buy')).toEqual({ kind: 'cash', amount: '379.50', currency: 'EUR' });
    expect(availableFor({ ...portfolio, cash: [] }, instrument, 'buy')).toEqual({
      kind: 'cash',
      amount: '0.00',
      currency: 'EUR',
    });
  });

  it('sells deliver units not reserved by open sells', () => {
    expect(availableFor(portfolio, instrument, 'sell')).toEqual({ kind: 'units', units: 25 });
    expect(availableFor({ ...portfolio, positions: [] }, instrument, 'sell')).toEqual({ kind: 'units', units: 0 });
  });

  it('is unknown until both are loaded', () => {
    expect(availableFor(undefined, instrument, 'buy')).toBeNull();
    expect(availableFor(portfolio, undefined, 'sell')).toBeNull();
  });
});
