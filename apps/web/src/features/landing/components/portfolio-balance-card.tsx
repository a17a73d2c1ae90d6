import { Wallet } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/hooks/use-auth';
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
          <PortfolioFigures {...analytics.data.data} />
        )}
      </CardContent>
    </Card>
  );
}

type FiguresProps = { totalPortfolioValue: number | string; totalPnL: number | string; totalTrades: number; currency?: string };

function PortfolioFigures({ totalPortfolioValue, totalPnL, totalTrades, currency = 'USD' }: FiguresProps) {
  const pnl = Number(totalPnL);
  return (
    <div className="grid gap-1">
      <p className="text-3xl font-semibold tabular-nums" data-testid="portfolio-balance">
        {formatCurrency(totalPortfolioValue, currency)}
      </p>
      <p className="text-sm text-muted-foreground">
        P&amp;L{' '}
        <span className={cn('font-medium tabular-nums', pnl > 0 && 'text-success', pnl < 0 && 'text-destructive')}>
          {pnl > 0 ? '+' : ''}
          {formatCurrency(totalPnL, currency)}
        </span>{' '}
        · {formatNumber(totalTrades)} trades
      </p>
    </div>
  );
}
