import type { LiquidityPools } from '@meridian/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatPercent } from '@/lib/format';
import { APY_DEFINITION } from '../constants';

function Row({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-1.5 text-sm" title={title}>
      <span className="text-muted-foreground">{label}</span>
      <span className="font-medium tabular-nums">{value}</span>
    </div>
  );
}

/** Performance Metrics: the programmes' 24h P&L split and what it earns on the capital it ties up. */
export function PerformanceCard({ data }: { data: LiquidityPools }) {
  const { totals, reportingCurrency: ccy } = data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Performance Metrics</CardTitle>
      </CardHeader>
      <CardContent className="divide-y">
        <Row label="Spread earnings (24h)" value={formatCurrency(totals.spreadEarnings24h, ccy)} />
        <Row label="Inventory P&L (24h)" value={formatCurrency(totals.inventoryPnl24h, ccy)} />
        <Row label="Capital committed" value={formatCurrency(totals.capitalCommitted, ccy)} />
        <Row label="Resting liquidity" value={formatCurrency(totals.liquidity, ccy)} />
        <Row
          label="Earnings per volume"
          value={totals.earningsPerVolumeBp === null ? '—' : `${totals.earningsPerVolumeBp.toFixed(2)} bp`}
        />
        <Row
          label="APY"
          value={totals.apy === null ? '—' : formatPercent(totals.apy, { signed: true })}
          title={APY_DEFINITION}
        />
      </CardContent>
    </Card>
  );
}
