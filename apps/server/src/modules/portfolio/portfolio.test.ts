import { describe, expect, it } from 'vitest';
import { valuePortfolio, type PortfolioInput } from './portfolio';

const dayStart = new Date('2026-03-02T00:00:00Z');
const yesterday = new Date('2026-03-01T12:00:00Z');
const today = new Date('2026-03-02T09:00:00Z');
const bond = { instrumentId: 'b', name: 'Bond', currency: 'USD', ownIssue: false };

function input(patch: Partial<PortfolioInput>): PortfolioInput {
  return { currency: 'USD', cash: [], holdings: [], movements: [], totalTrades: 0, openOrders: 0, dayStart, ...patch };
}

describe('valuePortfolio', () => {
  it('values positions at the mark against average cost, realizing P&L on sales', () => {
    const result = valuePortfolio(
      input({
        cash: [
          { currency: 'USD', total: 1_000_000n, reserved: 20_000n },
          { currency: 'EUR', total: 500n, reserved: 0n },
        ],
        // bought 10 @ 100.00 and 10 @ 102.00 yesterday (avg 101.00), sold 5 @ 105.00 today
        movements: [
          { instrumentId: 'b', currency: 'USD', units: 10n, cash: 100_000n, at: yesterday },
          { instrumentId: 'b', currency: 'USD', units: 10n, cash: 102_000n, at: yesterday },
          { instrumentId: 'b', currency: 'USD', units: -5n, cash: -52_500n, at: today },
        ],
        holdings: [{ ...bond, units: 15n, reservedUnits: 0n, price: 10_400n, dayStartPrice: 10_200n }],
        totalTrades: 3,
      }),
    );
    expect(result.positions[0]).toMatchObject({
      units: 15,
      price: '104.00',
      marketValue: '1560.00',
      costBasis: '1515.00',
      unrealizedPnL: '45.00',
    });
    expect(result.realizedPnL).toBe('20.00');
    expect(result.totalPnL).toBe('65.00');
    expect(result.totalPortfolioValue).toBe('11560.00');
    // held 20 from 102.00 to 104.00 (+40), sold 5 at 105.00 instead of marking them (+5) => 15 x 104 - 20 x 102 + 525
    expect(result.todayPnL).toBe('45.00');
    expect(result.cash).toEqual([
      { currency: 'USD', total: '10000.00', reserved: '200.00', available: '9800.00', reportingValue: '10000.00' },
      { currency: 'EUR', total: '5.00', reserved: '0.00', available: '5.00', reportingValue: null },
    ]);
    // No rates given: the EUR cash is named, not silently dropped.
    expect(result.notConverted).toEqual(['EUR']);
    expect(result.totalTrades).toBe(3);
  });

  it('keeps own issues out of value and P&L, and currencies without a rate out of the totals', () => {
    const result = valuePortfolio(
      input({
        cash: [{ currency: 'USD', total: 50_000n, reserved: 0n }],
        // bought 5 EUR notes at 1.00 yesterday; the USD swap is the user's own issue (no trades)
        movements: [{ instrumentId: 'e', currency: 'EUR', units: 5n, cash: 500n, at: yesterday }],
        holdings: [
          {
            instrumentId: 's',
            name: 'Own swap',
            currency: 'USD',
            units: 1_000_000n,
            reservedUnits: 10n,
            price: 31n,
            dayStartPrice: null,
            ownIssue: true,
          },
          {
            instrumentId: 'e',
            name: 'Euro note',
            currency: 'EUR',
            units: 5n,
            reservedUnits: 0n,
            price: 200n,
            dayStartPrice: 100n,
            ownIssue: false,
          },
        ],
      }),
    );
    expect(result.totalPortfolioValue).toBe('500.00');
    expect(result.totalPnL).toBe('0.00');
    expect(result.todayPnL).toBe('0.00');
    expect(result.notConverted).toEqual(['EUR']);
    expect(result.positions.map((p) => [p.instrumentId, p.costBasis, p.unrealizedPnL])).toEqual([
      ['e', '5.00', '5.00'],
    ]);
    expect(result.issuedInventory).toEqual([
      {
        instrumentId: 's',
        instrumentName: 'Own swap',
        currency: 'USD',
        units: 1_000_000,
        reservedUnits: 10,
        price: '0.31',
        marketValue: '310000.00',
      },
    ]);
  });

  it("counts today's P&L of a position bought yesterday and sold out today", () => {
    const result = valuePortfolio(
      input({
        // bought 10 @ 100.00 yesterday, closed at 101.00 (day start), sold all 10 @ 99.00 today
        movements: [
          { instrumentId: 'b', currency: 'USD', units: 10n, cash: 100_000n, at: yesterday },
          { instrumentId: 'b', currency: 'USD', units: -10n, cash: -99_000n, at: today },
        ],
        holdings: [{ ...bond, units: 0n, reservedUnits: 0n, price: 9_900n, dayStartPrice: 10_100n }],
      }),
    );
    expect(result.positions).toEqual([]);
    expect(result.realizedPnL).toBe('-10.00');
    expect(result.totalPnL).toBe('-10.00');
    expect(result.todayPnL).toBe('-20.00');
  });

  it('sums each currency in that currency, then converts it once into the reporting currency', () => {
    // 1 EUR = 1.10 USD, 1 JPY = 0.0067 USD; CNY has no rate.
    const perUsd: Record<string, [bigint, bigint]> = { USD: [1n, 1n], EUR: [110n, 100n], JPY: [67n, 10_000n] };
    const toReporting = (amount: bigint, from: string) => {
      const rate = perUsd[from];
      return rate ? (amount * rate[0] + rate[1] / 2n) / rate[1] : null;
    };
    const result = valuePortfolio(
      input({
        toReporting,
        cash: [
          { currency: 'USD', total: 100_000n, reserved: 0n },
          { currency: 'JPY', total: 1_000_000n, reserved: 0n },
          { currency: 'CNY', total: 50_000n, reserved: 0n },
        ],
        // 3 EUR notes bought yesterday at 100.00, marked 101.00 at the start of today and 102.00 now
        movements: [{ instrumentId: 'e', currency: 'EUR', units: 3n, cash: 30_000n, at: yesterday }],
        holdings: [
          {
            instrumentId: 'e',
            name: 'Euro note',
            currency: 'EUR',
            contractType: 'PAM',
            units: 3n,
            reservedUnits: 0n,
            price: 10_200n,
            dayStartPrice: 10_100n,
            ownIssue: false,
          },
        ],
      }),
    );
    // 1,000.00 USD + 10,000 JPY × 0.0067 (67.00) + 306.00 EUR × 1.10 (336.60); CNY named apart.
    expect(result.totalPortfolioValue).toBe('1403.60');
    expect(result.totalPnL).toBe('6.60');
    expect(result.todayPnL).toBe('3.30');
    expect(result.positions[0]).toMatchObject({ marketValue: '306.00', reportingValue: '336.60', contractType: 'PAM' });
    expect(result.cash.map((c) => c.reportingValue)).toEqual(['1000.00', '67.00', null]);
    expect(result.notConverted).toEqual(['CNY']);
  });
});
