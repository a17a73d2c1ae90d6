import type { InstrumentListItem, Ticker } from '@meridian/schemas';
import { CandlestickChart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

import { formatNumber } from '@/lib/format';
import { useCandles } from '@/entities/market';
import { CHART_INTERVAL, CHART_POINTS, EMPTY_STATES } from '../constants';
import { EmptyState } from './empty-state';
import { TickerStats } from './ticker-stats';
import { QueryError } from '@/components/query-error';

const CandleChart = lazy(() => import('./candle-chart'));

/** Price chart of the selected instrument: its real trades, hourly (SPEC §2's 24-point series). */
export function PriceChartCard({
  instrument,
  ticker,
}: {
  instrument: InstrumentListItem | undefined;
  ticker: Ticker | undefined;
}) {
  const candles = useCandles(instrument?.id ?? null, CHART_INTERVAL, CHART_POINTS);
  const series = candles.data?.candles ?? [];
  const volume = series.reduce((sum, c) => sum + c.volume, 0);

  return (
    <Card className="flex flex-col" data-testid="price-chart">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>{instrument ? instrument.name : 'Price Chart'}</CardTitle>
          <CardDescription data-testid="chart-description">
            {instrument
              ? `${instrument.contractType} · ${instrument.currency} · last ${CHART_POINTS} hours of trades${series.length > 0 ? ` · ${formatNumber(volume)} units` : ''}`
              : 'Hourly candles from executed trades'}
          </CardDescription>
        </div>
        {instrument && ticker ? <TickerStats ticker={ticker} /> : null}
      </CardHeader>
      <CardContent className="flex-1">
        {!instrument ? (
          <EmptyState
            icon={CandlestickChart}
            title={EMPTY_STATES.noInstrument}
            text="Choose an instrument in Market Watch to see its price history."
          />
        ) : candles.isPending ? (
          <Skeleton className="h-80 w-full" />
        ) : candles.isError ? (
          <QueryError
            inline
            className="py-12 text-center text-sm"
            what="the price history"
            error={candles.error}
            onRetry={() => void candles.refetch()}
          />
        ) : series.length === 0 ? (
          <EmptyState
            icon={CandlestickChart}
            title="No trades yet"
            text={`${instrument.name} has not traded in the last ${CHART_POINTS} hours. The chart starts with its next trade.`}
          />
        ) : (
          <Suspense fallback={<Skeleton className="h-80 w-full" />}>
            <CandleChart candles={series} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
