import type { PortfolioAnalytics } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { assetClassShares, holdingShares, topShares } from './shares';

const position = (
  instrumentName: string,
  currency: string,
  marketValue: string,
  reportingValue: string | null,
  contractType: 'PAM' | 'STK' | 'OPTNS' = 'PAM',
  units = 10,
) => ({
  instrumentId: '00000000-0000-4000-8000-000000000001',
  instrumentName,
  currency,
  contractType,
  units,
  reservedUnits: 0,
  price: '100.00',
  marketValue,
  costBasis: marketValue,
  unrealizedPnL: '0.00',
  reportingValue,
});
const cash = (currency: string, total: string, reportingValue: string | null) => ({
  currency,
  total,
  reserved: '0.00',
  available: total,
  reportingValue,
});

const analytics = (over: Partial<PortfolioAnalytics>): PortfolioAnalytics => ({
  currency: 'USD',
  totalPortfolioValue: '0.00',
  totalPnL: '0.00',
  realizedPnL: '0.00',
  todayPnL: '0.00',
  totalTrades: 0,
  openOrders: 0,
  cash: [],
  positions: [],
  ...over,
});

const sample = analytics({
  positions: [
    position('Bond A', 'USD', '300.00', '300.00'),
    position('Bund B', 'EUR', '100.00', '110.00'),
    position('Stock C', 'USD', '90.00', '90.00', 'STK'),
    position('Yuan note', 'CNY', '500.00', null),
    position('Sold', 'USD', '0.00', '0.00', 'PAM', 0),
  ],
  cash: [cash('USD', '500.00', '500.00'), cash('GBP', '0.00', '0.00')],
});

describe('holdingShares', () => {
  it('weighs every holding in the reporting currency, largest first, naming currencies without a rate', () => {
    const { shares, notConverted } = holdingShares(sample);
    expect(shares.map((s) => [s.name, s.value])).toEqual([
      ['Cash (USD)', 500],
      ['Bond A', 300],
      ['Bund B', 110],
      ['Stock C', 90],
    ]);
    expect(shares.reduce((s, x) => s + x.percent, 0)).toBeCloseTo(100, 10);
    expect(notConverted).toEqual(['CNY']);
  });

  it('marks the positions whose issuer defaulted, and only those', () => {
    const defaulted = { ...position('Missed PAM', 'USD', '40.00', '40.00'), defaulted: true };
    const paying = { ...position('Bond A', 'USD', '300.00', '300.00'), defaulted: false };
    const { shares } = holdingShares(
      analytics({ positions: [defaulted, paying], cash: [cash('USD', '60.00', '60.00')] }),
    );
    expect(shares.map((s) => [s.name, s.defaulted === true])).toEqual([
      ['Bond A', false],
      ['Cash (USD)', false],
      ['Missed PAM', true],
    ]);
  });

  it('is empty for an empty portfolio', () => {
    expect(holdingShares(analytics({}))).toEqual({ shares: [], notConverted: [] });
  });
});

describe('assetClassShares', () => {
  it('splits into SPEC classes by contract type', () => {
    expect(assetClassShares(sample).map((s) => [s.name, s.value, s.percent])).toEqual([
      ['Cash', 500, 50],
      ['Bonds', 410, 41],
      ['Equities', 90, 9],
    ]);
  });
});

describe('topShares', () => {
  it('keeps seven names and groups the rest as Other', () => {
    const shares = Array.from({ length: 10 }, (_, i) => ({ name: `H${i}`, value: 10 - i, percent: 10 - i }));
    const top = topShares(shares, 8);
    expect(top).toHaveLength(8);
    expect(top.at(-1)).toEqual({ name: 'Other (3)', value: 6, percent: 6 });
    expect(topShares(shares.slice(0, 8), 8)).toHaveLength(8);
  });
});
