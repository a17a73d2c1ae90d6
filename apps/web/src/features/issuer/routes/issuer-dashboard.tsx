import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

import { useInstruments, useMyInstruments } from '@/entities/instrument';
import { useMarketData } from '@/entities/market';
import { InstrumentsTable, NoInstruments } from '../components/instruments-table';
import { MarketStatusCard } from '../components/market-status-card';
import { QuickActionsCard } from '../components/quick-actions-card';
import { SummaryCards, SummaryCardsSkeleton } from '../components/summary-cards';
import { QueryError } from '@/components/query-error';

/** Issuer Dashboard (/issuer, SPEC §2). */
export default function IssuerDashboard() {
  const mine = useMyInstruments();
  const listed = useInstruments();
  const market = useMarketData();
  // Remaining life is measured from when the page opened, so figures do not drift between renders.
  const [now] = useState(() => new Date());

  return (
    <section>
      <PageHeader
        title="Issuer Dashboard"
        description="Issue and manage your ACTUS financial instruments"
        actions={
          <Button asChild>
            <Link href="/create-instrument">
              <Plus aria-hidden /> New Instrument
            </Link>
          </Button>
        }
      />
      {mine.isPending ? (
        <SummaryCardsSkeleton />
      ) : mine.isError ? (
        <QueryError what="your instruments" error={mine.error} onRetry={() => void mine.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <SummaryCards instruments={mine.data} now={now} />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <QuickActionsCard />
            <MarketStatusCard
              listed={listed.data}
              loading={listed.isPending}
              tickers={market.isError ? undefined : market.data}
            />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Your Instruments</CardTitle>
            </CardHeader>
            <CardContent>
              {mine.data.length === 0 ? <NoInstruments /> : <InstrumentsTable instruments={mine.data} />}
            </CardContent>
          </Card>
        </div>
      )}
    </section>
  );
}
