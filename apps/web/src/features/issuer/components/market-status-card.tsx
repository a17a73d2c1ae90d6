import type { InstrumentListItem, Ticker } from '@meridian/schemas';
import { Activity } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { totalsByCurrency } from '../lib/portfolio-summary';
import { CurrencyTotals } from './currency-totals';

type Props = {
  /** Every listed instrument, or undefined while loading / when the list failed. */
  listed: InstrumentListItem[] | undefined;
  loading: boolean;
  /** Tickers of the trading service; undefined while loading or when it does not answer. */
  tickers: Ticker[] | undefined;
};

const DASH = '—';

/**
 * Market Status (SPEC §2), computed from platform data: active listings and 24h traded volume
 * come from the listed instruments; the market is ACTIVE while the trading service answers with
 * market data, and the card shows a dash (never a made-up state) while it does not.
 */
export function MarketStatusCard({ listed, loading, tickers }: Props) {
  const active = listed?.filter((row) => row.status === 'active');
  const trades24h = tickers?.reduce((sum, ticker) => sum + ticker.trades24h, 0);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium text-muted-foreground">Market Status</CardTitle>
        <Activity className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <div className="flex items-center justify-between">
          <span className="text-muted-foreground">Market state</span>
          {tickers ? (
            <Badge variant="success" data-testid="market-state">
              ACTIVE
            </Badge>
          ) : (
            <span className="font-semibold" data-testid="market-state">
              {DASH}
            </span>
          )}
        </div>
        <div className="flex items-center justify-between">
          <span className="text-muted-foreground">Trades (24h)</span>
          <span className="font-semibold tabular-nums">{trades24h ?? DASH}</span>
        </div>
        <div className="flex items-start justify-between gap-4">
          <span className="text-muted-foreground">24h volume</span>
          <span className="text-right [&_div]:text-sm [&_div:first-child]:text-base" data-testid="market-volume">
            {loading ? (
              <Skeleton className="h-5 w-20" />
            ) : active ? (
              <CurrencyTotals totals={totalsByCurrency(active, (row) => row.volume24h)} />
            ) : (
              DASH
            )}
          </span>
        </div>
        <div className="flex items-center justify-between">
          <span className="text-muted-foreground">Active listings</span>
          <span className="font-semibold tabular-nums" data-testid="active-listings">
            {loading ? <Skeleton className="h-5 w-10" /> : (active?.length ?? DASH)}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}
