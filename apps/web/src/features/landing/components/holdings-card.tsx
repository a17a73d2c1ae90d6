import { PieChart } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { holdingShares } from '@/entities/portfolio';
import { useAuth } from '@/entities/session';
import { formatPercent } from '@/lib/format';
import { usePortfolioAnalytics } from '../api/landing-queries';
import { CardMessage } from './card-message';

const MAX_ROWS = 5;

/** Holdings Distribution: the user's positions as shares of portfolio value. */
export function HoldingsCard() {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const analytics = usePortfolioAnalytics();
  const { shares, notConverted } = analytics.data?.available
    ? holdingShares(analytics.data.data)
    : { shares: [], notConverted: [] };
  const currency = analytics.data?.available ? analytics.data.data.currency : '';
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Holdings Distribution</CardTitle>
        <PieChart className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        {authLoading || (isAuthenticated && analytics.isLoading) ? (
          <Skeleton className="h-24" />
        ) : !isAuthenticated ? (
          <CardMessage>Sign in to see how your holdings are distributed.</CardMessage>
        ) : analytics.data && !analytics.data.available ? (
          <CardMessage>Portfolio analytics are not available on this server yet.</CardMessage>
        ) : shares.length === 0 ? (
          <CardMessage>No holdings to show yet.</CardMessage>
        ) : (
          <div className="grid gap-3">
            <ul className="grid gap-2.5">
              {shares.slice(0, MAX_ROWS).map((share, index) => (
                <li key={`${index}-${share.name}`} className="grid gap-1">
                  <div className="flex justify-between text-sm">
                    <span className="flex min-w-0 items-center gap-2">
                      <span className="truncate">{share.name}</span>
                      {share.defaulted ? (
                        <Badge variant="destructive" title="The issuer missed a payment: no further payments expected">
                          Defaulted
                        </Badge>
                      ) : null}
                    </span>
                    <span className="tabular-nums text-muted-foreground">
                      {formatPercent(share.percent, { digits: 1 })}
                    </span>
                  </div>
                  <div className="h-1.5 rounded-full bg-muted">
                    <div className="h-1.5 rounded-full bg-brand" style={{ width: `${share.percent}%` }} />
                  </div>
                </li>
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">
              Shares of market value in {currency}
              {shares.length > MAX_ROWS ? ` · ${shares.length - MAX_ROWS} smaller holding(s) not shown` : ''}
              {notConverted.length > 0 ? ` · no FX rate for ${notConverted.join(', ')}: not included` : ''}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
