import { lazy, Suspense, useMemo } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCurrency } from '@/lib/format';
import { paymentsByDate, paymentTotals } from '../lib/payments';
import { EventTable, type ScheduleEvent } from './event-table';

// Recharts is heavy: it is fetched only when a schedule is actually shown.
const PaymentsChart = lazy(() => import('./payments-chart'));

type Props = { events: readonly ScheduleEvent[]; currency: string; label: string };

/** Chart of payments over time above the full event schedule. */
export function CashFlows({ events, currency, label }: Props) {
  const points = useMemo(() => paymentsByDate(events), [events]);
  const totals = paymentTotals(points);
  if (events.length === 0) {
    return <p className="text-sm text-muted-foreground">The engine produced no events for these terms.</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Events</dt>
          <dd className="font-semibold tabular-nums">{events.length}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Holder receives</dt>
          <dd className="font-semibold tabular-nums text-success">{formatCurrency(totals.received, currency)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Holder pays</dt>
          <dd className="font-semibold tabular-nums text-destructive">{formatCurrency(totals.paid, currency)}</dd>
        </div>
      </dl>
      {points.length > 0 ? (
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <PaymentsChart points={points} currency={currency} />
        </Suspense>
      ) : null}
      <EventTable events={events} label={label} />
    </div>
  );
}
