import { describe, expect, it } from 'vitest';
import { toChartCandles, toChartVolumes } from './chart-data';

const candles = [
  { time: '2026-11-22T08:00:00.000Z', open: '100.00', high: '101.50', low: '99.75', close: '101.00', volume: 12 },
  { time: '2026-11-22T09:00:00.000Z', open: '101.00', high: '101.00', low: '98.00', close: '98.50', volume: 3 },
];

describe('chart data', () => {
  it('gives epoch seconds and numeric prices in order', () => {
    expect(toChartCandles(candles)).toEqual([
      { time: 1795334400, open: 100, high: 101.5, low: 99.75, close: 101 },
      { time: 1795338000, open: 101, high: 101, low: 98, close: 98.5 },
    ]);
  });

  it('marks volume bars of rising candles', () => {
    expect(toChartVolumes(candles)).toEqual([
      { time: 1795334400, value: 12, up: true },
      { time: 1795338000, value: 3, up: false },
    ]);
  });
});
