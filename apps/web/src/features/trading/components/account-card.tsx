import type { Order, PortfolioAnalytics } from '@meridian/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatCurrency } from '@/lib/format';
import { cn } from '@/lib/utils';
import { toSignedMinor } from '@/lib/decimal';
import { openOrderCount } from '../lib/orders';
import { RecentOrders } from './recent-orders';

type Props = {
  portfolio: UseQueryResult<PortfolioAnalytics>;
  orders: Order[] | undefined;
  /** Currency of the selected instrument: the balance that pays for its buys. */
  currency: string | undefined;
};

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <dt className="min-w-0 text-sm text-muted-foreground">{label}</dt>
      <dd className="whitespace-nowrap text-right text-sm font-semibold tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function signedClass(amount: string): string {
  const minor = toSignedMinor(amount) ?? 0n;
  return cn(minor < 0n && 'text-destructive', minor > 0n && 'text-success');
}

/** Account & Orders: available cash, open orders, today's P&L, portfolio value, recent orders. */
export function AccountCard({ portfolio: query, orders, currency }: Props) {
  const portfolio = query.data;
  const cashCurrency =
    currency && portfolio?.cash.some((c) => c.currency === currency) ? currency : portfolio?.currency;
  const cash = portfolio?.cash.find((c) => c.currency === cashCurrency);
  const value = (render: (p: PortfolioAnalytics) => ReactNode) => {
    if (portfolio) return render(portfolio);
    if (query.isError)
      return (
        <span className="text-muted-foreground" title={errorMessage(query.error)}>
          Unavailable
        </span>
      );
    return <Skeleton className="h-5 w-20" />;
  };

  return (
    <Card data-testid="account-orders">
      <CardHeader>
        <CardTitle>Account & Orders</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="divide-y rounded-md border px-3">
          <Figure label="Available Balance" testId="available-balance">
            {value((p) => formatCurrency(cash?.available ?? '0', cashCurrency ?? p.currency))}
          </Figure>
          <Figure label="Open Orders" testId="open-orders">
            {orders ? openOrderCount(orders) : <Skeleton className="h-5 w-8" />}
          </Figure>
          <Figure label="Today's P&L" testId="today-pnl">
            {value((p) => (
              <span className={signedClass(p.todayPnL)}>{formatCurrency(p.todayPnL, p.currency)}</span>
            ))}
          </Figure>
          <Figure label="Total Portfolio" testId="total-portfolio">
            {value((p) => formatCurrency(p.totalPortfolioValue, p.currency))}
          </Figure>
        </dl>
        <div>
          <h3 className="mb-2 text-sm font-medium">Recent Orders</h3>
          {orders ? <RecentOrders orders={orders} /> : <Skeleton className="h-24 w-full" />}
        </div>
      </CardContent>
    </Card>
  );
}
