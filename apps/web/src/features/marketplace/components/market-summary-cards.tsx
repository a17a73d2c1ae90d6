import type { InstrumentListItem } from '@meridian/schemas';
import { Building2, Layers, Percent, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatPercent } from '@/lib/format';
import { summarizeMarket } from '../lib/summary';

function SummaryCard({ title, value, note, icon }: { title: string; value: ReactNode; note: string; icon: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>
        <div className="text-2xl font-semibold tabular-nums">{value}</div>
        <p className="text-xs text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

/** Marketplace summary, computed from every listed instrument (not only the filtered rows). */
export function MarketSummaryCards({ rows }: { rows: InstrumentListItem[] }) {
  const summary = summarizeMarket(rows);
  const icon = 'size-4 text-muted-foreground';
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard
        title="Listed Instruments"
        value={summary.listed}
        note="ACTUS contracts open for trading"
        icon={<Layers className={icon} aria-hidden />}
      />
      <SummaryCard
        title="Average Yield"
        value={summary.averageYield === null ? '—' : formatPercent(summary.averageYield)}
        note="Yield to maturity at current prices"
        icon={<Percent className={icon} aria-hidden />}
      />
      <SummaryCard
        title="Traded (24h)"
        value={summary.tradedToday}
        note="Instruments with trades in 24 hours"
        icon={<TrendingUp className={icon} aria-hidden />}
      />
      <SummaryCard
        title="Issuers"
        value={summary.issuers}
        note="Organisations with listings"
        icon={<Building2 className={icon} aria-hidden />}
      />
    </div>
  );
}
