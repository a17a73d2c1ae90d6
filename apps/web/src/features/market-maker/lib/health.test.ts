import { describe, expect, it } from 'vitest';
import { marketHealth } from './health';

const totals = {
  spreadEarnings24h: '0.00',
  inventoryPnl24h: '0.00',
  volume24h: '0.00',
  liquidity: '0.00',
  capitalCommitted: '0.00',
  activePairs: 10,
  trades24h: 0,
  twoSidedShare: 100,
  averageSpreadBp: 30,
  earningsPerVolumeBp: null,
  apy: null,
};

describe('marketHealth', () => {
  it.each([
    [{}, 'Healthy'],
    [{ averageSpreadBp: 80 }, 'Thin'],
    [{ twoSidedShare: 70 }, 'Thin'],
    [{ twoSidedShare: 40 }, 'Stressed'],
    [{ activePairs: 0 }, 'No quotes'],
  ])('%o -> %s', (change, label) => {
    expect(marketHealth({ ...totals, ...change }).label).toBe(label);
  });
});
