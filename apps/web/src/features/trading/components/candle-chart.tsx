import type { Candle } from '@meridian/schemas';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatDateTime, timeZoneLabel } from '@/lib/format';
import { useTheme } from '@/lib/theme';
import { CHART_POINTS } from '../constants';
import { toChartCandles, toChartVolumes } from '../lib/chart-data';

type Series = { chart: IChartApi; candles: ISeriesApi<'Candlestick'>; volume: ISeriesApi<'Histogram'> };

// The chart draws on a canvas, so it needs the theme's colours as literals.
function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** The chart's colours from the current theme (light or dark), read again when it changes. */
function applyThemeColours({ chart, candles }: Series): { up: string; down: string } {
  const up = themeColour('--color-success', '#047857');
  const down = themeColour('--color-destructive', '#b91c1c');
  const grid = themeColour('--color-muted', '#eef2f7');
  const border = themeColour('--color-border', '#dde3ec');
  chart.applyOptions({
    layout: { textColor: themeColour('--color-muted-foreground', '#5b6778') },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    timeScale: { borderColor: border },
    rightPriceScale: { borderColor: border },
  });
  candles.applyOptions({
    upColor: up,
    downColor: down,
    borderUpColor: up,
    borderDownColor: down,
    wickUpColor: up,
    wickDownColor: down,
  });
  return { up, down };
}

function buildChart(element: HTMLElement): Series {
  const chart = createChart(element, {
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, attributionLogo: false },
    // Candles are keyed by UTC seconds; the axis and the crosshair read them in the user's zone.
    timeScale: {
      timeVisible: true,
      secondsVisible: false,
      tickMarkFormatter: (time: UTCTimestamp) => hourInZone(time),
    },
    localization: { timeFormatter: (time: UTCTimestamp) => formatDateTime(new Date(time * 1000)) },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
  });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  return { chart, candles, volume };
}

const hourFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const hourInZone = (time: UTCTimestamp) => hourFormat.format(new Date(time * 1000));

/** Hourly candles with volume bars (lightweight-charts). Loaded lazily with the chart library. */
export default function CandleChart({ candles }: { candles: Candle[] }) {
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<Series | null>(null);
  const fitted = useRef(false);
  const theme = useTheme();

  useEffect(() => {
    if (!container.current) return;
    series.current = buildChart(container.current);
    return () => {
      series.current?.chart.remove();
      series.current = null;
      fitted.current = false;
    };
  }, []);

  useEffect(() => {
    const current = series.current;
    if (!current) return;
    const { up, down } = applyThemeColours(current);
    current.candles.setData(toChartCandles(candles).map((c) => ({ ...c, time: c.time as UTCTimestamp })));
    current.volume.setData(
      toChartVolumes(candles).map((v) => ({
        time: v.time as UTCTimestamp,
        value: v.value,
        color: `${v.up ? up : down}55`,
      })),
    );
    // Frame the whole window once (a few trades sit at the right of 24 hourly slots instead
    // of one candle stretched across the chart); later updates keep the user's zoom and scroll.
    if (!fitted.current) {
      const slots = Math.max(CHART_POINTS, candles.length);
      current.chart
        .timeScale()
        .setVisibleLogicalRange({ from: candles.length - slots - 0.5, to: candles.length + 0.5 });
      fitted.current = true;
    }
  }, [candles, theme]);

  return (
    <figure className="flex flex-col gap-1">
      <div ref={container} className="h-80 w-full" data-testid="price-chart-canvas" />
      <figcaption className="text-right text-xs text-muted-foreground" data-testid="chart-time-axis">
        Time ({timeZoneLabel()}) · hourly candles
      </figcaption>
    </figure>
  );
}
