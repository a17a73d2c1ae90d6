import { describe, expect, it } from 'vitest';
import { generateEvents, parseTerms } from '../index.js';

// PAM 1000 at 6% (30E360), coupons every 6 months from 2024-07-02, business days
// Monday-Friday with "shift, calculate following": coupon dates move, trade dates do not.
const bond = {
  contractType: 'PAM',
  contractID: 'trade-1',
  contractRole: 'RPA',
  currency: 'USD',
  statusDate: '2024-01-01T00:00:00',
  contractDealDate: '2024-01-01T00:00:00',
  initialExchangeDate: '2024-01-02T00:00:00',
  maturityDate: '2026-01-02T00:00:00',
  notionalPrincipal: '1000',
  nominalInterestRate: '0.06',
  dayCountConvention: '30E360',
  cycleAnchorDateOfInterestPayment: '2024-07-02T00:00:00',
  cycleOfInterestPayment: 'P6ML0',
  businessDayConvention: 'SCF',
  calendar: 'MF',
  purchaseDate: '2024-06-15T00:00:00',
  priceAtPurchaseDate: '990', // a Saturday
  terminationDate: '2024-09-15T00:00:00',
  priceAtTerminationDate: '1005', // a Sunday
};

function events(raw: Record<string, unknown>) {
  const terms = parseTerms(raw);
  if (!terms.ok) throw new Error(JSON.stringify(terms.error));
  const result = generateEvents(terms.value);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

describe('purchase (PRD) and termination (TD) dates', () => {
  it('stay on the stated weekend dates under SCF (the business-day convention does not move them)', () => {
    const out = events(bond);
    expect(out.map((e) => [e.eventDate.slice(0, 10), e.eventType])).toEqual([
      ['2024-06-15', 'PRD'],
      ['2024-07-02', 'IP'],
      ['2024-09-15', 'TD'],
    ]);
  });

  it('PRD pays price + accrual 2024-01-02..06-15 (163/360 x 0.06 x 1000 = 27.1667); TD receives 1005 + 73/360 x 60 = 1017.1667', () => {
    const [prd, ip, td] = events(bond);
    expect(prd?.payoff).toBeCloseTo(-(990 + (163 / 360) * 60), 9);
    expect(ip?.payoff).toBeCloseTo(30, 9);
    expect(td?.payoff).toBeCloseTo(1005 + (73 / 360) * 60, 9);
    expect(td?.notionalPrincipal).toBe(0);
  });

  it('a shifted coupon date still moves: SCF moves a Saturday coupon to Monday', () => {
    const out = events({
      ...bond,
      cycleAnchorDateOfInterestPayment: '2024-06-29T00:00:00',
      purchaseDate: undefined,
      priceAtPurchaseDate: undefined,
      terminationDate: undefined,
      priceAtTerminationDate: undefined,
    });
    expect(out.find((e) => e.eventType === 'IP')?.eventDate.slice(0, 10)).toBe('2024-07-01');
  });
});
