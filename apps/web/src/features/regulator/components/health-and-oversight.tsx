import type { MarketOverview } from '@meridian/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatNumber, formatPercent } from '@/lib/format';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-1.5 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <span className="font-medium tabular-nums" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** Market Health Metrics: spreads, depth, volatility, trade counts (issue 11). */
export function MarketHealthCard({ data }: { data: MarketOverview }) {
  const { health } = data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Market Health Metrics</CardTitle>
      </CardHeader>
      <CardContent className="divide-y">
        <Row
          label="Median bid-ask spread"
          value={health.medianSpreadBps === null ? '–' : `${formatNumber(health.medianSpreadBps, 1)} bps`}
          testId="median-spread"
        />
        <Row label="Book depth (±2% of mid)" value={formatCurrency(health.depth, data.reportingCurrency)} />
        <Row
          label="Median volatility (24h, annualised)"
          value={health.medianVolatilityPct === null ? '–' : formatPercent(health.medianVolatilityPct, { digits: 1 })}
        />
        <Row label="Trades (24h)" value={formatNumber(health.trades24h)} testId="health-trades" />
        <Row label="Instruments traded (24h)" value={`${health.instrumentsTraded24h} of ${data.instruments.length}`} />
      </CardContent>
    </Card>
  );
}

/** Regulatory Oversight: surveillance cases and report jobs. */
export function OversightCard({ data }: { data: MarketOverview }) {
  const o = data.oversight;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Regulatory Oversight</CardTitle>
      </CardHeader>
      <CardContent className="divide-y">
        <Row label="Open cases" value={formatNumber(o.openCases)} testId="open-cases" />
        <Row label="High severity open" value={formatNumber(o.highSeverityOpen)} />
        <Row label="Under review" value={formatNumber(o.underReview)} />
        <Row label="Resolved (30d)" value={formatNumber(o.resolved30d)} />
        <Row label="Alerts (24h)" value={formatNumber(o.alerts24h)} />
        <Row label="Reports completed / failed (30d)" value={`${o.reportsCompleted30d} / ${o.reportsFailed30d}`} />
      </CardContent>
    </Card>
  );
}
