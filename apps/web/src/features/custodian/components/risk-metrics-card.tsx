import type { CustodyAssets } from '@meridian/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatPercent } from '@/lib/format';

/** Risk Metrics (SPEC §2): concentration, unsettled and failed exposure, settlement timeliness. */
export function RiskMetricsCard({ data }: { data: CustodyAssets }) {
  const { risk, reportingCurrency: ccy } = data;
  const rows: [string, string, string][] = [
    ['Largest client', formatPercent(risk.largestClientShare), 'Share of assets under custody'],
    ['Largest asset', formatPercent(risk.largestAssetShare), 'Share of assets under custody'],
    ['Unsettled trades', formatCurrency(risk.unsettledValue, ccy), 'Pending, processing and failed settlements'],
    ['Failed settlements', formatCurrency(risk.failedValue, ccy), 'Awaiting retry'],
    [
      'On-time settlement',
      risk.onTimeRate === null ? 'No settlements due' : formatPercent(risk.onTimeRate),
      'Due in the last 30 days, settled on their date',
    ],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Risk Metrics</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3">
          {rows.map(([label, value, hint]) => (
            <div key={label} className="flex items-start justify-between gap-3">
              <dt>
                <div className="text-sm">{label}</div>
                <div className="text-xs text-muted-foreground">{hint}</div>
              </dt>
              <dd className="text-sm font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
