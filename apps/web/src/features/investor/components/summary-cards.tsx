import type { PortfolioAnalytics } from '@meridian/schemas';
import { Briefcase, TrendingUp, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';

function SummaryCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const signed = (value: string, currency: string) => `${Number(value) > 0 ? '+' : ''}${formatCurrency(value, currency)}`;
const tone = (value: string) => cn(Number(value) > 0 && 'text-success', Number(value) < 0 && 'text-destructive');

/** Portfolio Value, Total P&L, Active Positions with pending orders (SPEC §2), in the reporting currency. */
export function SummaryCards({ analytics: a }: { analytics: PortfolioAnalytics }) {
  const icon = 'size-4 text-muted-foreground';
  const held = a.positions.filter((p) => p.units > 0).length;
  const currencies = new Set([
    ...a.cash.filter((c) => Number(c.total) > 0).map((c) => c.currency),
    ...a.positions.map((p) => p.currency),
  ]);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <SummaryCard title="Portfolio Value" icon={<Wallet className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="portfolio-value">
          {formatCurrency(a.totalPortfolioValue, a.currency)}
        </div>
        <p className="text-xs text-muted-foreground">
          Cash and positions at mark in {currencies.size} currenc{currencies.size === 1 ? 'y' : 'ies'}
          {a.fx?.rateDate ? `, converted to ${a.currency} at ECB rates of ${a.fx.rateDate}` : ''}
        </p>
        {a.fx?.notConverted.length ? (
          <p className="text-xs text-warning" role="status">
            No FX rate for {a.fx.notConverted.join(', ')}: not included.
          </p>
        ) : null}
      </SummaryCard>
      <SummaryCard title="Total P&L" icon={<TrendingUp className={icon} aria-hidden />}>
        <div className={cn('text-2xl font-semibold tabular-nums', tone(a.totalPnL))} data-testid="total-pnl">
          {signed(a.totalPnL, a.currency)}
        </div>
        <p className="text-xs text-muted-foreground">
          Today <span className={tone(a.todayPnL)}>{signed(a.todayPnL, a.currency)}</span> · realized{' '}
          {signed(a.realizedPnL, a.currency)}
        </p>
      </SummaryCard>
      <SummaryCard title="Active Positions" icon={<Briefcase className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="active-positions">
          {formatNumber(held)}
        </div>
        <p className="text-xs text-muted-foreground">
          {formatNumber(a.openOrders)} pending order{a.openOrders === 1 ? '' : 's'} · {formatNumber(a.totalTrades)}{' '}
          trade{a.totalTrades === 1 ? '' : 's'}
        </p>
      </SummaryCard>
    </div>
  );
}
