import type { MarketOverview } from '@meridian/schemas';
import { Activity, Building2, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatNumber, formatPercent } from '@/lib/format';

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

function change(current: string, previous: string): string {
  const now = Number(current);
  const before = Number(previous);
  if (before === 0) return now === 0 ? 'No trades in the previous 24h either' : 'No trades in the previous 24h';
  return `${formatPercent(((now - before) / before) * 100, { digits: 1, signed: true })} vs previous 24h`;
}

/** Market Volume, Registered Institutions, Compliance Rate (SPEC §2). */
export function SummaryCards({ data }: { data: MarketOverview }) {
  const icon = 'size-4 text-muted-foreground';
  const { marketVolume, registeredInstitutions, complianceRate } = data;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <SummaryCard title="Market Volume" icon={<Activity className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="market-volume">
          {formatCurrency(marketVolume.volume24h, data.reportingCurrency)}
        </div>
        <p className="text-xs text-muted-foreground">
          24h, {formatNumber(marketVolume.trades24h)} trades ·{' '}
          {change(marketVolume.volume24h, marketVolume.previous24h)}
        </p>
      </SummaryCard>
      <SummaryCard title="Registered Institutions" icon={<Building2 className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="registered-institutions">
          {registeredInstitutions.total}
        </div>
        <p className="text-xs text-muted-foreground">{registeredInstitutions.active24h} traded in the last 24h</p>
      </SummaryCard>
      <SummaryCard title="Compliance Rate" icon={<ShieldCheck className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="compliance-rate">
          {complianceRate.ratePct === null ? '–' : formatPercent(complianceRate.ratePct, { digits: 1 })}
        </div>
        <p className="text-xs text-muted-foreground" title={complianceRate.definition}>
          {complianceRate.compliant} of {complianceRate.total} institutions: {complianceRate.definition}
        </p>
      </SummaryCard>
    </div>
  );
}
