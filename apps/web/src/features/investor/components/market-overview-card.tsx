import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMarketData } from '@/entities/market';

import { formatNumber, formatPercent, formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import { MARKET_MOVERS_SHOWN } from '../constants';
import { marketOverview } from '../lib/market-overview';
import { QueryError } from '@/components/query-error';

/** Market Overview (SPEC §2): listings, 24 h activity and the largest moves, from the tickers. */
export function MarketOverviewCard() {
  const tickers = useMarketData();
  const overview = tickers.data ? marketOverview(tickers.data, MARKET_MOVERS_SHOWN) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Market Overview</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {tickers.isPending ? (
          <Skeleton className="h-24" />
        ) : tickers.isError ? (
          <QueryError inline what="market data" error={tickers.error} onRetry={() => void tickers.refetch()} />
        ) : (
          <>
            <p className="text-muted-foreground">
              {formatNumber(overview!.listed)} instruments listed · {formatNumber(overview!.traded24h)} traded in the
              last 24 h ({formatNumber(overview!.trades24h)} trades)
            </p>
            {overview!.movers.length === 0 ? (
              <p className="text-muted-foreground">No price moves in the last 24 hours.</p>
            ) : (
              <ul className="grid gap-1.5" aria-label="Largest moves in 24 hours">
                {overview!.movers.map((t) => (
                  <li key={t.instrumentId} className="flex items-center justify-between gap-2">
                    <Link href={`/instruments/${t.instrumentId}`} className="min-w-0 truncate hover:underline">
                      {t.name}
                    </Link>
                    <span className="shrink-0 tabular-nums">
                      {t.lastPrice ? formatPrice(t.lastPrice, t.currency) : '—'}{' '}
                      <span
                        className={cn(
                          t.changePercent! > 0 && 'text-success',
                          t.changePercent! < 0 && 'text-destructive',
                        )}
                      >
                        {formatPercent(t.changePercent!, { signed: true })}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
