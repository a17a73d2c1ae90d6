import type { InstrumentEvent } from '@meridian/schemas';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useInstrumentEvents } from '@/entities/instrument';
import { errorMessage } from '@/lib/api';
import { formatCurrency, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { eventTypeName } from '../../lib/event-types';
import { displayStatus, summariseEvents } from '../../lib/servicing-events';

const STATUS_VARIANT = {
  scheduled: 'outline',
  pending: 'info',
  paid: 'success',
  missed: 'destructive',
  failed: 'warning',
} as const;

/**
 * Events (issue 12): each payment date of the ACTUS schedule beside what the servicing run
 * actually posted to holders, with the signed-in user's own share.
 */
export function EventsCard({ instrumentId, currency }: { instrumentId: string; currency: string }) {
  const events = useInstrumentEvents(instrumentId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Events</CardTitle>
        <CardDescription>
          Scheduled payments from the ACTUS schedule beside what holders were paid: scheduled (date to come), pending
          (due, not yet posted), paid (posted to holders), missed (the issuer could not pay).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : events.isError ? (
          <p className="text-sm text-destructive" role="alert">
            Events could not be loaded: {errorMessage(events.error)}
          </p>
        ) : events.data.events.length === 0 ? (
          <p className="text-sm text-muted-foreground">This instrument has no payment events from its listing on.</p>
        ) : (
          <EventsBody events={events.data.events} currency={currency} convention={events.data.convention} />
        )}
      </CardContent>
    </Card>
  );
}

function EventsBody({
  events,
  currency,
  convention,
}: {
  events: InstrumentEvent[];
  currency: string;
  convention: string;
}) {
  const now = new Date();
  const summary = summariseEvents(events, now);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Paid</dt>
          <dd className="font-semibold tabular-nums" data-testid="events-paid">
            {summary.paid} of {summary.due} due
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Paid to holders</dt>
          <dd className="font-semibold tabular-nums" data-testid="events-paid-total">
            {formatCurrency(summary.paidToHolders, currency)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Missed</dt>
          <dd className={summary.missed > 0 ? 'font-semibold text-destructive' : 'font-semibold'}>{summary.missed}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Next payment</dt>
          <dd className="font-semibold tabular-nums">
            {summary.next
              ? `${formatDate(summary.next.eventTime)} · ${formatCurrency(summary.next.scheduledAmount, currency)}`
              : '—'}
          </dd>
        </div>
      </dl>
      <div tabIndex={0} className="max-h-96 overflow-auto rounded-md border">
        <Table aria-label="Payment events">
          <TableHeader className="sticky top-0 bg-card">
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>Event</TableHead>
              <TableHead className="text-right">Scheduled</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Paid to holders</TableHead>
              <TableHead className="hidden text-right sm:table-cell">Holders</TableHead>
              <TableHead className="text-right">Your share</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {events.map((event) => {
              const status = displayStatus(event, now);
              return (
                <TableRow key={`${event.eventType}-${event.eventTime}`} data-status={status}>
                  <TableCell>{formatDate(event.eventTime)}</TableCell>
                  <TableCell>
                    <Badge variant="outline" title={eventTypeName(event.eventType)}>
                      {event.eventType}
                    </Badge>{' '}
                    <span className="text-xs text-muted-foreground">{eventTypeName(event.eventType)}</span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatCurrency(event.scheduledAmount, currency)}
                  </TableCell>
                  <TableCell>
                    <Badge
                      variant={STATUS_VARIANT[status]}
                      title={
                        event.reason ??
                        (event.processedAt ? `Processed ${formatDateTime(event.processedAt)}` : undefined)
                      }
                    >
                      {status}
                    </Badge>
                    {event.reason ? (
                      <p className="mt-1 max-w-56 text-xs text-muted-foreground">{event.reason}</p>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {event.paidAmount === null ? '—' : formatCurrency(event.paidAmount, currency)}
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">
                    {event.holders === null ? '—' : formatNumber(event.holders)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {event.ownAmount === null ? '—' : formatCurrency(event.ownAmount, currency)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <p className="text-xs text-muted-foreground">{convention}</p>
    </div>
  );
}
