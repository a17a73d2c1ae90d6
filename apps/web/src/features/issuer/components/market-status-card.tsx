import type { InstrumentListItem } from '@meridian/schemas';
import { Activity } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { totalsByCurrency } from '../lib/portfolio-summary';
import { CurrencyTotals } from './currency-totals';

type Props = {
  /** Every listed instrument, or undefined while loading / when the list failed. */
  listed: InstrumentListItem[] | undefined;
  loading: boolean;
};

const DASH = '—';

/**
 * Market Status (SPEC §2), computed from platform data: active listings and 24h traded volume
 * come from the listed instruments. The market state needs the trading service's market data;
 * until that exists the card shows a dash instead of a made-up 'ACTIVE'.
 */
export function MarketStatusCard({ listed, loading }: Props) {
  const active = listed?.filter((row) => row.status === 'active');
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium text-muted-foreground">Market Status</CardTitle>
        <Activity className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <div className="flex items-center justify-between" title="Market state comes from the trading service's market data">
          <span className="text-muted-foreground">Market state</span>
          <span className="font-semibold" data-testid="market-state">
            {DASH}
          </span>
        </div>
        <div className="flex items-start justify-between gap-4">
          <span className="text-muted-foreground">24h volume</span>
          <span className="text-right [&_div]:text-sm [&_div:first-child]:text-base" data-testid="market-volume">
            {loading ? <Skeleton className="h-5 w-20" /> : active ? <CurrencyTotals totals={totalsByCurrency(active, (row) => row.volume24h)} /> : DASH}
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
