import { describe, expect, it } from 'vitest';
import { generateEvents, parseTerms } from '../index.js';

const ump = {
  contractType: 'UMP',
  contractID: 'savings-1',
  contractRole: 'RPL',
  statusDate: '2024-01-01T00:00:00',
  contractDealDate: '2024-01-01T00:00:00',
  initialExchangeDate: '2024-01-02T00:00:00',
  currency: 'USD',
  notionalPrincipal: '1000',
  nominalInterestRate: '0.02',
  dayCountConvention: '30E360',
  cycleAnchorDateOfInterestPayment: '2024-12-31T00:00:00',
  cycleOfInterestPayment: 'P1YL1',
  xDayNotice: 'P1M',
};

function run(raw: Record<string, unknown>, options: Parameters<typeof generateEvents>[1]) {
  const terms = parseTerms(raw);
  if (!terms.ok) throw new Error(JSON.stringify(terms.error));
  return generateEvents(terms.value, options);
}

describe('undefined maturity (UMP) and call money (CLM)', () => {
  it('applies observed deposits (PI) and withdrawals (PR) between capitalizations', () => {
    const result = run(ump, {
      to: '2025-06-30T00:00',
      observedEvents: [
        { time: '2024-07-02T00:00:00', type: 'PI', value: 500, contractId: 'savings-1' },
        { time: '2025-03-02T00:00:00', type: 'PR', value: 200, contractId: 'savings-1' },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const summary = result.value.map((e) => [
      e.eventDate.slice(0, 10),
      e.eventType,
      Math.round(e.payoff * 100) / 100,
      Math.round(e.notionalPrincipal * 100) / 100,
    ]);
    expect(summary).toEqual([
      ['2024-01-02', 'IED', 1000, -1000],
      ['2024-07-02', 'PI', 500, -1500],
      ['2024-12-31', 'IPCI', 0, -1524.83], // 10 (180 days on 1000) + 14.83 (178 days on 1500), 30E360
      ['2025-03-02', 'PR', -200, -1324.83],
    ]);
  });

  it('settles a called CLM after the notice period', () => {
    const clm = {
      ...ump,
      contractType: 'CLM',
      contractRole: 'RPA',
      cycleAnchorDateOfInterestPayment: undefined,
      cycleOfInterestPayment: undefined,
    };
    const result = run(clm, {
      observedEvents: [{ time: '2024-03-01T00:00:00', type: 'XD', value: 0, contractId: 'savings-1' }],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.map((e) => e.eventType)).toEqual(['IED', 'XD', 'IP', 'STD']);
    expect(result.value.at(-1)?.eventDate).toBe('2024-04-01T00:00');
    expect(result.value.at(-1)?.payoff).toBe(1000);
  });

  it('reports a missing horizon instead of running forever', () => {
    const result = run(ump, {});
    expect(result.ok ? [] : result.error.map((p) => p.code)).toEqual(['MISSING_TERM']);
  });

  it('reports an unobserved rate as a problem', () => {
    const result = run(
      {
        ...ump,
        cycleOfRateReset: 'P6ML1',
        cycleAnchorDateOfRateReset: '2024-07-02T00:00:00',
        marketObjectCodeOfRateReset: 'USD.SOFR',
      },
      { to: '2025-01-01T00:00' },
    );
    expect(result.ok ? [] : result.error.map((p) => p.code)).toEqual(['MISSING_OBSERVATION']);
  });
});
