import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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

/** Full ACTUS event schedule: date, event, payoff and the state after the event. */
export function EventTable({ events, label }: { events: readonly ScheduleEvent[]; label: string }) {
  return (
    <div className="max-h-96 overflow-y-auto rounded-md border">
      <Table aria-label={label}>
        <TableHeader className="sticky top-0 bg-card">
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Event</TableHead>
            <TableHead className="text-right">Payoff</TableHead>
            <TableHead className="text-right">Notional</TableHead>
            <TableHead className="text-right">Rate</TableHead>
            <TableHead className="text-right">Accrued</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {events.map((event, index) => (
            <TableRow key={`${event.eventDate}-${event.eventType}-${index}`}>
              <TableCell>{formatDate(`${event.eventDate.slice(0, 10)}T00:00:00Z`)}</TableCell>
              <TableCell>
                <Badge variant="outline" title={eventTypeName(event.eventType)}>
                  {event.eventType}
                </Badge>{' '}
                <span className="text-xs text-muted-foreground">{eventTypeName(event.eventType)}</span>
              </TableCell>
              <TableCell
                className={cn('text-right', event.payoff < 0 && 'text-destructive', event.payoff > 0 && 'text-success')}
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
  );
}
