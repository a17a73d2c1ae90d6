import type { LiquidityPools } from '@meridian/schemas';
import { Activity, Coins, HeartPulse, Layers } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency } from '@/lib/format';
import { marketHealth } from '../lib/health';

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

/** Spread Earnings (24h), Active Pairs, Volume (24h), Market Health (SPEC §2). */
export function SummaryCards({ data }: { data: LiquidityPools }) {
  const { totals, reportingCurrency: ccy } = data;
  const health = marketHealth(totals);
  const icon = 'size-4 text-muted-foreground';
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard title="Spread Earnings (24h)" icon={<Coins className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="spread-earnings">
          {formatCurrency(totals.spreadEarnings24h, ccy)}
        </div>
        <p className="text-xs text-muted-foreground">Own fills vs the mid at fill time</p>
      </SummaryCard>
      <SummaryCard title="Active Pairs" icon={<Layers className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="active-pairs">
          {totals.activePairs}
        </div>
        <p className="text-xs text-muted-foreground">of {data.pools.length} quoting programmes</p>
      </SummaryCard>
      <SummaryCard title="Volume (24h)" icon={<Activity className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="volume-24h">
          {formatCurrency(totals.volume24h, ccy)}
        </div>
        <p className="text-xs text-muted-foreground">{totals.trades24h.toLocaleString('en-US')} fills</p>
      </SummaryCard>
      <SummaryCard title="Market Health" icon={<HeartPulse className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold" data-testid="market-health">
          {health.label}
        </div>
        <p className="text-xs text-muted-foreground">{health.detail}</p>
      </SummaryCard>
    </div>
  );
}
