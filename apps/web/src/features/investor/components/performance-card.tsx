import type { RiskMetrics } from '@meridian/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      <dd className="text-xs text-muted-foreground">{detail}</dd>
    </div>
  );
}

const number = (x: number | null, suffix = '') => (x === null ? '—' : `${x.toFixed(2)}${suffix}`);

/** Performance Metrics (SPEC §2): Sharpe, max drawdown, alpha and beta from the stored daily values. */
export function PerformanceCard({ performance: p }: { performance: RiskMetrics['performance'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Performance Metrics</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {p.days < 2 ? (
          <p className="text-sm text-muted-foreground">
            Not enough daily history yet: the figures need at least two stored days of this portfolio and its benchmark.
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-4">
            <Figure label="Sharpe ratio" value={number(p.sharpeRatio)} detail="Annualised, over the 3-month Treasury" />
            <Figure
              label="Max drawdown"
              value={p.maxDrawdownPercent === null ? '—' : `−${p.maxDrawdownPercent.toFixed(2)}%`}
              detail="Largest fall from a peak"
            />
            <Figure label="Alpha" value={number(p.alphaPercent, '%')} detail="Jensen, annualised" />
            <Figure label="Beta" value={number(p.beta)} detail={`Against the ${p.benchmark.name}`} />
          </dl>
        )}
        <p className="text-xs text-muted-foreground">
          {p.days} days
          {p.from && p.to ? ` (${formatDate(p.from)} – ${formatDate(p.to)})` : ''}
          {p.riskFreePercent !== null ? ` · risk-free ${p.riskFreePercent.toFixed(2)}%` : ''} · Benchmark:{' '}
          {p.benchmark.name}, {p.benchmark.definition.charAt(0).toLowerCase() + p.benchmark.definition.slice(1)}.
        </p>
      </CardContent>
    </Card>
  );
}
