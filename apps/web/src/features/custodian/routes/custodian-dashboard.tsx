import { ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCustodyAssets, useCustodySettlements } from '@/entities/custody';
import { useMyPermissions } from '@/entities/permission';

import { ApprovalsCard } from '../components/approvals-card';
import { AssetBreakdownTable } from '../components/asset-breakdown-table';
import { RecentSettlementsTable } from '../components/recent-settlements-table';
import { RiskMetricsCard } from '../components/risk-metrics-card';
import { SecurityPanel } from '../components/security-panel';
import { SettlementQueueCard } from '../components/settlement-queue-card';
import { SummaryCards } from '../components/summary-cards';
import { RECENT_SETTLEMENTS_ROWS } from '../lib/settlement-display';
import { QueryError } from '@/components/query-error';

/** Custodian Dashboard (/custodian, SPEC §2): assets held for clients and the T+N settlement queue. */
export default function CustodianDashboard() {
  const assets = useCustodyAssets();
  const settlements = useCustodySettlements();
  const canProcess = useMyPermissions().held.has('process_settlements');
  const recent = settlements.data?.settlements.filter((s) => s.status === 'completed') ?? [];
  return (
    <section>
      <PageHeader
        title="Custodian Dashboard"
        description="Client assets in safekeeping and delivery-versus-payment settlement"
        actions={
          <Button asChild variant="outline">
            <Link href="/compliance">
              <ShieldCheck aria-hidden /> Security Panel
            </Link>
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        {assets.isPending ? (
          <div className="grid gap-4 md:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
        ) : assets.isError ? (
          <QueryError what="assets under custody" error={assets.error} onRetry={() => void assets.refetch()} />
        ) : (
          <SummaryCards data={assets.data} />
        )}
        <div className="grid gap-4 lg:grid-cols-2">
          {settlements.isPending ? (
            <Skeleton className="h-64" />
          ) : settlements.isError ? (
            <QueryError
              what="the settlement queue"
              error={settlements.error}
              onRetry={() => void settlements.refetch()}
            />
          ) : (
            <SettlementQueueCard data={settlements.data} canProcess={canProcess} />
          )}
          {assets.data ? <SecurityPanel controls={assets.data.controls} /> : <Skeleton className="h-64" />}
        </div>
        <ApprovalsCard />
        {assets.data ? (
          <div className="grid gap-4 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle>Asset Breakdown</CardTitle>
              </CardHeader>
              <CardContent>
                <AssetBreakdownTable assets={assets.data.assets} reportingCurrency={assets.data.reportingCurrency} />
              </CardContent>
            </Card>
            <RiskMetricsCard data={assets.data} />
          </div>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>Recent Settlements</CardTitle>
          </CardHeader>
          <CardContent>
            <RecentSettlementsTable settlements={recent.slice(0, RECENT_SETTLEMENTS_ROWS)} />
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
