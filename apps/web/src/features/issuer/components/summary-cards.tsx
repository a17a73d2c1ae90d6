import type { InstrumentListItem } from '@meridian/schemas';
import { CalendarClock, DollarSign, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { averageMaturityYears, countActive, formatYears, totalsByCurrency } from '../lib/portfolio-summary';
import { CurrencyTotals } from './currency-totals';

function SummaryCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Total Instruments, Total Notional and Avg. Maturity (SPEC §2), all computed from the issuer's rows. */
export function SummaryCards({ instruments, now }: { instruments: InstrumentListItem[]; now: Date }) {
  const iconClass = 'size-4 text-muted-foreground';
  return (
    <>
      <SummaryCard title="Total Instruments" icon={<FileText className={iconClass} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="total-instruments">
          {instruments.length}
        </div>
        <p className="text-xs text-muted-foreground">{countActive(instruments)} active</p>
      </SummaryCard>
      <SummaryCard title="Total Notional" icon={<DollarSign className={iconClass} aria-hidden />}>
        <div data-testid="total-notional">
          <CurrencyTotals totals={totalsByCurrency(instruments, (row) => row.notionalAmount)} />
        </div>
        <p className="text-xs text-muted-foreground">Across all instruments</p>
      </SummaryCard>
      <SummaryCard title="Avg. Maturity" icon={<CalendarClock className={iconClass} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="avg-maturity">
          {formatYears(averageMaturityYears(instruments, now))}
        </div>
        <p className="text-xs text-muted-foreground">Notional-weighted remaining life</p>
      </SummaryCard>
    </>
  );
}

/** The four placeholder cards shown while the issuer's instruments load (SPEC §2). */
export function SummaryCardsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Loading">
      {Array.from({ length: 4 }, (_, index) => (
        <Card key={index}>
          <CardContent className="flex flex-col gap-3 pt-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-32" />
            <Skeleton className="h-3 w-20" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
