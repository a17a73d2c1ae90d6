import type { RiskMetrics } from '@meridian/schemas';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency } from '@/lib/format';

/** Risk Metrics (SPEC §2): VaR, DV01 and credit rating of the investor's own portfolio. */
export function RiskMetricsCard({ metrics: m }: { metrics: RiskMetrics }) {
  const ccy = m.reportingCurrency;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Risk Metrics</CardTitle>
        <Button asChild variant="ghost" size="sm">
          <Link href="/risk">Risk Dashboard</Link>
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <div className="flex items-baseline justify-between gap-2">
            <dt className="text-muted-foreground">VaR (95%, 1 day)</dt>
            <dd className="font-semibold tabular-nums" data-testid="investor-var">
              {formatCurrency(m.var.var95, ccy)}
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-2">
            <dt className="text-muted-foreground">DV01</dt>
            <dd className="font-semibold tabular-nums">{formatCurrency(m.dv01, ccy)}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-2">
            <dt className="text-muted-foreground">Credit rating</dt>
            <dd className="font-semibold">
              {m.creditRating.rating ?? 'Not rated'}
              <span className="ml-1 text-xs font-normal text-muted-foreground">
                ({m.creditRating.ratedShare}% of holdings rated)
              </span>
            </dd>
          </div>
        </dl>
        {m.notPriced.length ? (
          <p className="mt-3 text-xs text-destructive">
            Not priced: {m.notPriced.map((n) => `${n.name} (${n.reason})`).join('; ')}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
