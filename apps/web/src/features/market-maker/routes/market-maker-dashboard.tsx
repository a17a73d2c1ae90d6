import { ArrowLeftRight } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiquidityPools } from '@/entities/liquidity';

import { LiquidityPositionsTable } from '../components/liquidity-positions-table';
import { PerformanceCard } from '../components/performance-card';
import { QuickActionsCard } from '../components/quick-actions-card';
import { RecentTradesTable } from '../components/recent-trades-table';
import { SummaryCards } from '../components/summary-cards';
import { QueryError } from '@/components/query-error';

/** Market Maker Dashboard (/market-maker, SPEC §2): the liquidity provider's quoting programmes. */
export default function MarketMakerDashboard() {
  const pools = useLiquidityPools();
  return (
    <section>
      <PageHeader
        title="Market Maker Dashboard"
        description={pools.data?.maker ? `Quoting programmes of ${pools.data.maker.name}` : 'Liquidity provision'}
        actions={
          <Button asChild variant="outline">
            <Link href="/trading">
              <ArrowLeftRight aria-hidden /> Manage Liquidity
            </Link>
          </Button>
        }
      />
      {pools.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : pools.isError ? (
        <QueryError what="liquidity pools" error={pools.error} onRetry={() => void pools.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <SummaryCards data={pools.data} />
          <div className="grid gap-4 md:grid-cols-2">
            <PerformanceCard data={pools.data} />
            <QuickActionsCard pools={pools.data.pools} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Liquidity Positions</CardTitle>
            </CardHeader>
            <CardContent>
              <LiquidityPositionsTable pools={pools.data.pools} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Recent Trades</CardTitle>
            </CardHeader>
            <CardContent>
              <RecentTradesTable trades={pools.data.recentTrades} />
            </CardContent>
          </Card>
        </div>
      )}
    </section>
  );
}
