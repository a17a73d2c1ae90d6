import type { InstrumentListItem } from '@meridian/schemas';
import { ArrowRightLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

import { useInstruments } from '@/entities/instrument';
import { BrowseToolbar } from '../components/browse-toolbar';
import { MARKETPLACE_REFRESH_MS } from '../constants';
import { MarketSummaryCards } from '../components/market-summary-cards';
import { MarketTable } from '../components/market-table';
import { PlaceOrderDialog } from '../components/place-order-dialog';
import { browseInstruments, type BrowseOptions } from '../lib/browse';
import { QueryError } from '@/components/query-error';

/** Financial Marketplace (/marketplace, SPEC §2). */
export default function MarketplacePage() {
  const instruments = useInstruments({ refetchInterval: MARKETPLACE_REFRESH_MS });
  const [options, setOptions] = useState<BrowseOptions>({ search: '', sector: 'all', sortBy: 'name' });
  const [ordering, setOrdering] = useState<InstrumentListItem | null>(null);
  const rows = useMemo(() => browseInstruments(instruments.data ?? [], options), [instruments.data, options]);

  return (
    <section>
      <PageHeader
        title="Financial Marketplace"
        description="Browse and trade listed ACTUS instruments"
        actions={
          <Button asChild variant="outline">
            <Link href="/trading">
              <ArrowRightLeft aria-hidden /> Trading Interface
            </Link>
          </Button>
        }
      />
      {instruments.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Loading">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-28" />
          ))}
        </div>
      ) : instruments.isError ? (
        <QueryError what="the marketplace" error={instruments.error} onRetry={() => void instruments.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <MarketSummaryCards rows={instruments.data} />
          <Card>
            <CardHeader className="gap-4">
              <CardTitle>Instruments</CardTitle>
              <BrowseToolbar options={options} onChange={setOptions} />
            </CardHeader>
            <CardContent>
              {rows.length === 0 ? (
                <p className="py-8 text-center text-sm text-muted-foreground">No instruments match your search.</p>
              ) : (
                <MarketTable rows={rows} onBuy={setOrdering} />
              )}
            </CardContent>
          </Card>
        </div>
      )}
      <PlaceOrderDialog instrument={ordering} onClose={() => setOrdering(null)} />
    </section>
  );
}
