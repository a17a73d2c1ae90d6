import { describe, expect, it } from 'vitest';
import { bookView, levelTotal } from './order-book';

const ID = '5b0f4a5e-8f0a-4a55-9d1b-2f1d8f1f4c11';
const level = (price: string, quantity: number) => ({ price, quantity, total: levelTotal(price, quantity) });

describe('levelTotal', () => {
  it('multiplies exactly on hundredths', () => {
    expect(levelTotal('0.10', 3)).toBe('0.30');
    expect(levelTotal('99.99', 1_000_000)).toBe('99990000.00');
    expect(levelTotal('100', 0)).toBe('0.00');
  });
});

describe('bookView', () => {
  const book = {
    instrumentId: ID,
    bids: [level('99.50', 10), level('99.25', 40), level('99.00', 5)],
    asks: [level('100.00', 20), level('100.25', 8)],
  };

  it('lists asks highest first above bids best first, with the spread', () => {
    const view = bookView(book);
    expect(view.asks.map((r) => r.price)).toEqual(['100.25', '100.00']);
    expect(view.bids.map((r) => r.price)).toEqual(['99.50', '99.25', '99.00']);
    expect(view.spread).toBe('0.50');
  });

  it('keeps at most `depth` levels per side, nearest the spread', () => {
    const view = bookView(book, 1);
    expect(view.asks.map((r) => r.price)).toEqual(['100.00']);
    expect(view.bids.map((r) => r.price)).toEqual(['99.50']);
  });

  it('scales depth bars to the largest level and fills a missing total', () => {
    const view = bookView({ ...book, asks: [{ price: '100.00', quantity: 20, total: '' }] });
    expect(view.bids.map((r) => r.depthPercent)).toEqual([25, 100, 13]);
    expect(view.asks[0]).toMatchObject({ total: '2000.00', depthPercent: 50, side: 'ask' });
  });

  it('has no spread when a side is empty', () => {
    expect(bookView({ instrumentId: ID, bids: [], asks: [level('1.00', 1)] }).spread).toBeNull();
  });
});
