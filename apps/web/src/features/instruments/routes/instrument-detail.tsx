import { ArrowLeft, CandlestickChart } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api';
import { useInstrument } from '@/entities/instrument';
import { CashFlows } from '../components/cash-flows';
import { EventsCard } from '../components/detail/events-card';
import { HoldersCard } from '../components/detail/holders-card';
import { OrderBookCard } from '../components/detail/order-book-card';
import { PricingCards } from '../components/detail/pricing-cards';
import { TermsCard } from '../components/detail/terms-card';

/** Instrument page (/instruments/:id): terms, payment events, schedule, cash flows, pricing, holders, order book. */
export default function InstrumentDetailPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  const instrument = useInstrument(id);
  const back = (
    <Button asChild variant="outline">
      <Link href="/marketplace">
        <ArrowLeft aria-hidden /> Marketplace
      </Link>
    </Button>
  );
  if (instrument.isPending) {
    return (
      <section aria-busy="true">
        <PageHeader title="Instrument" actions={back} />
        <Skeleton className="h-96 w-full" />
      </section>
    );
  }
  if (instrument.isError) {
    const notFound = errorStatus(instrument.error) === 404 || errorStatus(instrument.error) === 400;
    return (
      <section>
        <PageHeader title="Instrument" actions={back} />
        <Card role="alert">
          <CardContent className="py-6 text-sm">
            {notFound ? 'This instrument does not exist.' : errorMessage(instrument.error)}
          </CardContent>
        </Card>
      </section>
    );
  }
  const data = instrument.data;
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title={data.name}
        description={`${data.issuerName ?? 'Unknown issuer'} · ${data.currency}`}
        badge={
          <>
            <Badge variant="outline">{data.contractType}</Badge>
            <Badge
              variant={data.status === 'active' ? 'success' : data.status === 'defaulted' ? 'destructive' : 'secondary'}
            >
              {data.status}
            </Badge>
          </>
        }
        actions={
          <div className="flex gap-2">
            {back}
            <Button asChild>
              <Link href={`/trading?instrument=${data.id}`}>
                <CandlestickChart aria-hidden /> Trade
              </Link>
            </Button>
          </div>
        }
      />
      <PricingCards instrument={data} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <TermsCard instrument={data} />
        </div>
        <div className="flex flex-col gap-6">
          <OrderBookCard instrumentId={data.id} currency={data.currency} />
          <HoldersCard holders={data.holders} />
        </div>
      </div>
      <EventsCard instrumentId={data.id} currency={data.currency} />
      <Card>
        <CardHeader>
          <CardTitle>Cash flows and event schedule</CardTitle>
        </CardHeader>
        <CardContent>
          <CashFlows events={data.events} currency={data.currency} label="Event schedule" />
        </CardContent>
      </Card>
    </section>
  );
}
