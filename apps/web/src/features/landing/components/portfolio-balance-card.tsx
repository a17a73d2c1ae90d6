import type { PortfolioAnalytics } from '@meridian/schemas';
import { Wallet } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/entities/session';
import { formatCurrency, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { usePortfolioAnalytics } from '../api/landing-queries';
import { CardMessage } from './card-message';

/** Portfolio Balance from GET /api/portfolio/analytics; never an invented figure. */
export function PortfolioBalanceCard() {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const analytics = usePortfolioAnalytics();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Portfolio Balance</CardTitle>
        <Wallet className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        {authLoading || (isAuthenticated && analytics.isLoading) ? (
          <Skeleton className="h-16" />
        ) : !isAuthenticated ? (
          <CardMessage signIn>Sign in to see your portfolio balance.</CardMessage>
        ) : analytics.isError ? (
          <CardMessage>Portfolio figures could not be loaded.</CardMessage>
        ) : !analytics.data?.available ? (
          <CardMessage>Portfolio analytics are not available on this server yet.</CardMessage>
        ) : (
          <PortfolioFigures analytics={analytics.data.data} />
        )}
      </CardContent>
    </Card>
  );
}

function PnL({ label, value, currency }: { label: string; value: string; currency: string }) {
  const n = Number(value);
  return (
    <span>
      {label}{' '}
      <span className={cn('font-medium tabular-nums', n > 0 && 'text-success', n < 0 && 'text-destructive')}>
        {n > 0 ? '+' : ''}
        {formatCurrency(value, currency)}
      </span>
    </span>
  );
}

function PortfolioFigures({ analytics: a }: { analytics: PortfolioAnalytics }) {
  return (
    <div className="grid gap-1.5">
      <p className="text-3xl font-semibold tabular-nums" data-testid="portfolio-balance">
        {formatCurrency(a.totalPortfolioValue, a.currency)}
      </p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <PnL label="Today" value={a.todayPnL} currency={a.currency} />
        <PnL label="Total P&L" value={a.totalPnL} currency={a.currency} />
      </p>
      <p className="text-xs text-muted-foreground">
        {formatNumber(a.totalTrades)} trades · {formatNumber(a.openOrders)} open orders
        {a.fx?.rateDate ? ` · all currencies in ${a.currency} at ECB rates of ${a.fx.rateDate}` : ''}
      </p>
      {a.fx?.notConverted.length ? (
        <p className="text-xs text-warning" role="status">
          No FX rate for {a.fx.notConverted.join(', ')}: not included in the totals.
        </p>
      ) : null}
    </div>
  );
}
