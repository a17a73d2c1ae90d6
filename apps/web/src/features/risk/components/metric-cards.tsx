import type { RiskMetrics } from '@meridian/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency } from '@/lib/format';

function Metric({ title, value, detail }: { title: string; value: string; detail: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="text-2xl font-semibold tabular-nums">{value}</div>
        <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}

/** VaR (95%), DV01, Credit Rating, Leverage Ratio (SPEC §2). */
export function MetricCards({ metrics }: { metrics: RiskMetrics }) {
  const varLimit = metrics.limits.find((l) => l.kind === 'var_95');
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Metric
        title="VaR (95%)"
        value={formatCurrency(metrics.var.var95, metrics.reportingCurrency)}
        detail={`1-day historical · 99%: ${formatCurrency(metrics.var.var99, metrics.reportingCurrency)}${varLimit?.utilisation != null ? ` · ${varLimit.utilisation}% of limit` : ''}`}
      />
      <Metric
        title="DV01"
        value={formatCurrency(metrics.dv01, metrics.reportingCurrency)}
        detail={`Loss for +1 bp in rates · CS01 ${formatCurrency(metrics.cs01, metrics.reportingCurrency)}`}
      />
      <Metric
        title="Credit Rating"
        value={metrics.creditRating.rating ?? 'Not rated'}
        detail={`Exposure-weighted · ${metrics.creditRating.ratedShare}% of holdings rated`}
      />
      <Metric
        title="Leverage Ratio"
        value={metrics.leverageRatio === null ? '—' : `${metrics.leverageRatio.toFixed(2)}:1`}
        detail="Gross exposure / net portfolio value"
      />
    </div>
  );
}
