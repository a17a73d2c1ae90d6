import type { PortfolioAnalytics } from '@meridian/schemas';
import { Store } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { ReportingCurrencySelect } from '@/components/reporting-currency-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePortfolioAnalytics } from '@/entities/portfolio';
import { useRiskMetrics } from '@/entities/risk';
import { errorMessage } from '@/lib/api';
import { useReportingCurrency } from '@/lib/reporting-currency';
import { CashCard } from '../components/cash-card';
import { EmptyPortfolio } from '../components/empty-portfolio';
import { MarketOverviewCard } from '../components/market-overview-card';
import { PerformanceCard } from '../components/performance-card';
import { PortfolioCharts } from '../components/portfolio-charts';
import { QuickActionsCard } from '../components/quick-actions-card';
import { RecentTransactionsCard } from '../components/recent-transactions-card';
import { RiskMetricsCard } from '../components/risk-metrics-card';
import { SummaryCards } from '../components/summary-cards';
import { QueryError } from '@/components/query-error';

const isEmpty = (a: PortfolioAnalytics) =>
  a.openOrders === 0 && a.positions.every((p) => p.units === 0) && a.cash.every((c) => Number(c.total) === 0);

/** Investor Dashboard (/investor, SPEC §2): the signed-in user's portfolio, from real positions. */
export default function InvestorDashboard() {
  const [currency] = useReportingCurrency();
  const analytics = usePortfolioAnalytics({ currency });
  const risk = useRiskMetrics('own', { currency });
  return (
    <section>
      <PageHeader
        title="Investor Dashboard"
        description="Your portfolio: value, P&L, allocation, performance and risk from your positions"
        actions={
          <>
            <ReportingCurrencySelect />
            <Button asChild variant="outline">
              <Link href="/marketplace">
                <Store aria-hidden /> Explore Market
              </Link>
            </Button>
          </>
        }
      />
      {analytics.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : analytics.isError ? (
        <QueryError what="your portfolio" error={analytics.error} onRetry={() => void analytics.refetch()} />
      ) : isEmpty(analytics.data) ? (
        <div className="flex flex-col gap-6">
          <EmptyPortfolio />
          <div className="grid gap-4 md:grid-cols-2">
            <MarketOverviewCard />
            <QuickActionsCard />
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <SummaryCards analytics={analytics.data} />
          <PortfolioCharts analytics={analytics.data} />
          <div className="grid gap-4 lg:grid-cols-3">
            {risk.data ? (
              <>
                <PerformanceCard performance={risk.data.performance} />
                <RiskMetricsCard metrics={risk.data} />
              </>
            ) : (
              <Card className="lg:col-span-2">
                <CardContent className="py-6 text-sm">
                  {risk.isError ? (
                    <span className="text-destructive" role="alert">
                      Performance and risk figures could not be loaded: {errorMessage(risk.error)}
                    </span>
                  ) : (
                    <Skeleton className="h-32" />
                  )}
                </CardContent>
              </Card>
            )}
            <div className="flex min-w-0 flex-col gap-4">
              <QuickActionsCard />
              <CashCard analytics={analytics.data} />
            </div>
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <RecentTransactionsCard />
            </div>
            <MarketOverviewCard />
          </div>
        </div>
      )}
    </section>
  );
}
