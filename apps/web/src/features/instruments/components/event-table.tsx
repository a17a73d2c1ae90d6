import { Badge } from '@/components/ui/badge';
import { Pagination, SortableHead, useTableView } from '@/components/ui/data-table';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatDate, formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';
import { eventTypeName } from '../lib/event-types';

/** The event fields the schedule shows (engine ContractEvent or its API DTO). */
export interface ScheduleEvent {
  eventDate: string;
  eventType: string;
  payoff: number;
  currency: string;
  notionalPrincipal: number;
  nominalInterestRate?: number;
  accruedInterest?: number;
}

const SORT_BY = {
  date: (event: ScheduleEvent) => event.eventDate,
  event: (event: ScheduleEvent) => event.eventType,
  payoff: (event: ScheduleEvent) => event.payoff,
  notional: (event: ScheduleEvent) => event.notionalPrincipal,
  rate: (event: ScheduleEvent) => event.nominalInterestRate,
  accrued: (event: ScheduleEvent) => event.accruedInterest,
};

/** Full ACTUS event schedule: date, event, payoff and the state after the event; sortable, 50 a page. */
export function EventTable({ events, label }: { events: readonly ScheduleEvent[]; label: string }) {
  const view = useTableView(events, SORT_BY);
  const head = { sort: view.sort, onSort: view.onSort };
  return (
    <div>
      <div tabIndex={0} className="max-h-96 overflow-y-auto rounded-md border">
        <Table aria-label={label}>
          <TableHeader className="sticky top-0 bg-card">
            <TableRow>
              <SortableHead sortKey="date" {...head}>
                Date
              </SortableHead>
              <SortableHead sortKey="event" {...head}>
                Event
              </SortableHead>
              <SortableHead sortKey="payoff" align="right" {...head}>
                Payoff
              </SortableHead>
              <SortableHead sortKey="notional" align="right" {...head}>
                Notional
              </SortableHead>
              <SortableHead sortKey="rate" align="right" {...head}>
                Rate
              </SortableHead>
              <SortableHead sortKey="accrued" align="right" {...head}>
                Accrued
              </SortableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.rows.map((event, index) => (
              <TableRow key={`${event.eventDate}-${event.eventType}-${index}`}>
                <TableCell>{formatDate(`${event.eventDate.slice(0, 10)}T00:00:00Z`)}</TableCell>
                <TableCell>
                  <Badge variant="outline" title={eventTypeName(event.eventType)}>
                    {event.eventType}
                  </Badge>{' '}
                  <span className="text-xs text-muted-foreground">{eventTypeName(event.eventType)}</span>
                </TableCell>
                <TableCell
                  className={cn(
                    'text-right',
                    event.payoff < 0 && 'text-destructive',
                    event.payoff > 0 && 'text-success',
                  )}
                >
                  {formatCurrency(event.payoff, event.currency)}
                </TableCell>
                <TableCell className="text-right">{formatCurrency(event.notionalPrincipal, event.currency)}</TableCell>
                <TableCell className="text-right">
                  {event.nominalInterestRate === undefined
                    ? '—'
                    : formatPercent(event.nominalInterestRate * 100, { digits: 3 })}
                </TableCell>
                <TableCell className="text-right">
                  {event.accruedInterest === undefined ? '—' : formatCurrency(event.accruedInterest, event.currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pagination label={label} shown={view.rows.length} {...view} />
    </div>
  );
}
