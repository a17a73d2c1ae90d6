import type { Candle } from '@meridian/schemas';

/** A candle as the chart library takes it: seconds since the epoch and plain numbers. */
export type ChartCandle = { time: number; open: number; high: number; low: number; close: number };
export type ChartVolume = { time: number; value: number; up: boolean };

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** Display-only conversion: the chart draws floats; nothing is computed from them. */
export function toChartCandles(candles: Candle[]): ChartCandle[] {
  return candles.map((c) => ({
    time: seconds(c.time),
    open: Number(c.open),
    high: Number(c.high),
    low: Number(c.low),
    close: Number(c.close),
  }));
}

export function toChartVolumes(candles: Candle[]): ChartVolume[] {
  return candles.map((c) => ({ time: seconds(c.time), value: c.volume, up: Number(c.close) >= Number(c.open) }));
}
