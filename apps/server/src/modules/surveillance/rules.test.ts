import { describe, expect, it } from 'vitest';
import {
  closingWindow,
  DAY_MS,
  detectConcentration,
  detectMarkingClose,
  detectPriceRamping,
  detectSpoofing,
  detectWashTrades,
  RampWindow,
  RULE_PARAMETERS,
  type Detection,
  type OrderFact,
  type TradeFact,
} from './rules';

const T0 = Date.parse('2026-11-20T12:00:00Z');
let seq = 0n;

function trade(over: Partial<TradeFact> = {}): TradeFact {
  seq += 1n;
  return {
    id: `t${seq}`,
    sequence: seq,
    instrumentId: 'bond',
    price: 10_000n,
    quantity: 10n,
    takerSide: 'buy',
    at: T0,
    buyOrderId: `bo${seq}`,
    sellOrderId: `so${seq}`,
    buyerId: 'u-a',
    sellerId: 'u-b',
    buyer: 'org-a',
    seller: 'org-b',
    ...over,
  };
}

function order(over: Partial<OrderFact> = {}): OrderFact {
  return {
    id: 'o1',
    userId: 'u-a',
    participant: 'org-a',
    instrumentId: 'bond',
    side: 'sell',
    price: 10_050n,
    quantity: 100n,
    filledQuantity: 0n,
    status: 'cancelled',
    createdAt: T0 - 60_000,
    updatedAt: T0 + 5_000,
    ...over,
  };
}

describe('wash trades', () => {
  it('flags a trade whose two sides belong to one organisation, one case per owner, instrument and day', () => {
    const found = detectWashTrades([
      trade({ buyer: 'org-a', seller: 'org-a' }),
      trade({ buyer: 'org-a', seller: 'org-a', at: T0 + 1000 }),
    ]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: 'wash_trade', severity: 'High', participant: 'org-a' });
    expect(found[0]!.figures).toMatchObject({ trades: '2', quantity: '20' });
    expect(found[0]!.tradeIds).toHaveLength(2);
  });

  it('ignores trades between different owners', () => {
    expect(detectWashTrades([trade(), trade({ buyer: 'user:x', seller: 'user:y' })])).toEqual([]);
  });
});

describe('spoofing / layering', () => {
  it('flags large opposite-side orders near the fill cancelled right after it', () => {
    const found = detectSpoofing([trade({ quantity: 10n })], [order({ quantity: 100n })]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: 'spoofing', participant: 'org-a', severity: 'Medium' });
    expect(found[0]!.figures.sizeMultiple).toBe('10x');
    expect(found[0]!.orderIds).toContain('o1');
  });

  it('is High when the cancelled size dwarfs the fill', () => {
    expect(detectSpoofing([trade({ quantity: 2n })], [order({ quantity: 100n })])[0]!.severity).toBe('High');
  });

  it.each([
    ['cancelled too late', { updatedAt: T0 + RULE_PARAMETERS.spoofing.cancelWithinMs + 1 }],
    ['small against the fill', { quantity: 20n }],
    ['priced far from the fill', { price: 11_000n }],
    ['on the same side as the fill', { side: 'buy' as const }],
    ['another participant', { participant: 'org-c' }],
    ['placed after the fill', { createdAt: T0 + 1 }],
    ['not cancelled', { status: 'filled' }],
  ])('ignores orders %s', (_label, over) => {
    expect(detectSpoofing([trade({ quantity: 10n })], [order(over)])).toEqual([]);
  });
});

describe('price ramping', () => {
  const ramp = (prices: bigint[], taker: Partial<TradeFact> = {}) =>
    prices.map((price, i) => trade({ price, at: T0 + i * 30_000, ...taker }));

  it('flags a fast move driven by one participant', () => {
    const history = ramp([10_000n, 10_200n, 10_400n, 10_700n]);
    const found = detectPriceRamping(history, history, 10_000n);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: 'price_ramping', participant: 'org-a', severity: 'Medium' });
    expect(found[0]!.figures.move).toBe('7.00%');
  });

  it('ignores a move spread over many participants', () => {
    const history = [10_000n, 10_200n, 10_400n, 10_700n].map((price, i) =>
      trade({ price, at: T0 + i * 30_000, buyer: `org-${i}`, buyerId: `u-${i}` }),
    );
    expect(detectPriceRamping(history, history, 10_000n)).toEqual([]);
  });

  it('ignores a small move and a slow one', () => {
    const small = ramp([10_000n, 10_100n, 10_200n, 10_300n]);
    expect(detectPriceRamping(small, small, 10_000n)).toEqual([]);
    const slow = [10_000n, 10_200n, 10_400n, 10_700n].map((price, i) => trade({ price, at: T0 + i * 10 * 60_000 }));
    expect(detectPriceRamping(slow, slow, 10_000n)).toEqual([]);
  });

  it('carried from batch to batch (as the scanner does), finds what one pass over all the trades finds', () => {
    const W = RULE_PARAMETERS.price_ramping.windowMs;
    // 90 trades over 15 minutes: others trade around 100.00, then org-r buys it up 8 % in two
    // minutes, then it drifts back; two ramps (one per hour key) and quiet stretches.
    const prices = [...Array(90).keys()].map((i) =>
      i >= 30 && i < 42
        ? 10_000n + BigInt(i - 29) * 70n
        : i >= 70 && i < 80
          ? 10_000n - BigInt(i - 69) * 90n
          : 10_000n + BigInt(i % 3) * 5n,
    );
    const all = prices.map((price, i) =>
      trade({
        price,
        at: Date.parse('2026-11-20T12:52:00Z') + i * 10_000,
        takerSide: i >= 70 && i < 80 ? 'sell' : 'buy',
        quantity: (i >= 30 && i < 42) || (i >= 70 && i < 80) ? 10n : 1n,
        ...(i >= 30 && i < 42
          ? { buyer: 'org-r', buyerId: `u-r${i % 2}` }
          : { buyer: `org-${i % 4}`, buyerId: `u-${i % 4}` }),
        ...(i >= 70 && i < 80 ? { seller: 'org-s', sellerId: 'u-s' } : {}),
      }),
    );
    const oneShot = detectPriceRamping(all, all, 10_000n);
    expect(oneShot.map((d) => d.participant).sort()).toEqual(['org-r', 'org-s']);
    for (const size of [1, 7, 25]) {
      const window = new RampWindow(10_000n, all[0]!.sequence - 1n, all[0]!.at - W);
      const found = new Map<string, Detection>();
      let after = all[0]!.sequence - 1n;
      for (let i = 0; i < all.length; i += size) {
        const batch = all.slice(i, i + size);
        const lastAt = batch.at(-1)!.at;
        // What scan/flow.ts leavingTrades reads from the trades table.
        const queue = all.filter(
          (t) =>
            t.sequence > window.leftUpTo && t.sequence <= after && t.at >= window.leftAt - 1 && t.at < lastAt - W + 1,
        );
        window.clone().advance(batch, [...queue], new Set(), new Map()); // a clone leaves the original alone
        window.advance(batch, queue, new Set(batch.map((t) => t.id)), found);
        after = batch.at(-1)!.sequence;
      }
      expect([...found.values()], `batches of ${size}`).toEqual(oneShot);
    }
  });
});

describe('marking the close', () => {
  const close = Math.ceil(T0 / DAY_MS) * DAY_MS;

  it('knows the closing window', () => {
    expect(closingWindow(close - 60_000)).toBe(close);
    expect(closingWindow(close - RULE_PARAMETERS.marking_close.windowMs - 1)).toBeNull();
  });

  it('flags one participant moving the closing price', () => {
    const window = [10_100n, 10_250n, 10_400n].map((price, i) => trade({ price, at: close - 300_000 + i * 60_000 }));
    const found = detectMarkingClose(window, 10_000n);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: 'marking_close', severity: 'High', participant: 'org-a' });
  });

  it('ignores a closing window without a move', () => {
    const window = [10_000n, 10_020n, 10_010n].map((price, i) => trade({ price, at: close - 300_000 + i * 60_000 }));
    expect(detectMarkingClose(window, 10_000n)).toEqual([]);
  });
});

describe('concentration', () => {
  const share = (takerQuantity: bigint, dayTrades = 30) => ({
    instrumentId: 'bond',
    day: '2026-11-20',
    participant: 'org-a',
    userId: 'u-a',
    takerQuantity,
    dayQuantity: 100n,
    dayTrades,
  });

  it('flags a participant taking over half of the day', () => {
    expect(detectConcentration([share(60n)])).toMatchObject([{ rule: 'concentration', severity: 'Low' }]);
  });

  it("ignores half or less, thin days and the operator's own accounts", () => {
    expect(detectConcentration([share(50n), share(90n, 5), { ...share(90n), participant: 'user:flow' }])).toEqual([]);
  });
});
