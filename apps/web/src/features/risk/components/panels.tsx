import type { RiskMetrics } from '@meridian/schemas';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatDateTime } from '@/lib/format';
import { CapitalBaseDialog } from './capital-base-dialog';

type Limit = RiskMetrics['limits'][number];
const STATUS_VARIANT = {
  within: 'success',
  warning: 'warning',
  breach: 'destructive',
  'not measurable': 'secondary',
} as const;

function limitFigure(limit: Limit, value: number | null): string {
  if (value === null) return '—';
  // The VaR limit is set in USD; the server converts it and its use into the reporting currency.
  if (limit.kind === 'var_95') return formatCurrency(value, limit.currency ?? 'USD');
  if (limit.kind === 'concentration') return `${value.toFixed(1)}%`;
  if (limit.kind === 'leverage') return `${value.toFixed(2)}:1`;
  return value.toFixed(2);
}

export function LimitsPanel({ metrics }: { metrics: RiskMetrics }) {
  const open = metrics.alerts.filter((a) => a.resolvedAt === null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Risk Limits & Alerts</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {metrics.limits.map((limit) => (
          <div key={limit.kind} className="flex items-center justify-between gap-2 text-sm">
            <div>
              <div className="font-medium">{limit.name}</div>
              <div className="text-xs text-muted-foreground">
                {limitFigure(limit, limit.current)} of {limitFigure(limit, limit.limit)}
                {limit.utilisation !== null ? ` · ${limit.utilisation}% utilized` : ''}
              </div>
            </div>
            <Badge variant={STATUS_VARIANT[limit.status]}>{limit.status}</Badge>
          </div>
        ))}
        {open.length === 0 ? (
          <p className="text-xs text-muted-foreground">No open alerts.</p>
        ) : (
          <ul className="flex flex-col gap-1" aria-label="Open alerts">
            {open.map((a) => (
              <li key={a.id} className="rounded-md bg-destructive-muted px-2 py-1 text-xs text-destructive">
                {a.message} · {formatDateTime(a.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const CAPITAL_VARIANT = {
  compliant: 'success',
  'buffer shortfall': 'warning',
  'below minimum': 'destructive',
} as const;
const ratio = (x: number | null, min: string) => (x === null ? '—' : `${x.toFixed(2)}% (min ${min})`);

const NO_BASE = { cet1: '', additionalTier1: '', tier2: '' };

export function CapitalPanel({
  capital,
  currency,
  editable,
}: {
  capital: RiskMetrics['capital'];
  currency: string;
  /** The user may set the organisation's capital base (manage_risk_limits) and the scope has one. */
  editable: boolean;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle>Regulatory Capital</CardTitle>
        {capital ? <Badge variant={CAPITAL_VARIANT[capital.status]}>Basel III: {capital.status}</Badge> : null}
      </CardHeader>
      <CardContent className="text-sm">
        {capital === null ? (
          <p className="text-muted-foreground">No capital base recorded for this portfolio's organisation.</p>
        ) : (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">CET1 ratio</dt>
            <dd className="tabular-nums">{ratio(capital.cet1Ratio, '4.5% + 2.5%')}</dd>
            <dt className="text-muted-foreground">Tier 1 ratio</dt>
            <dd className="tabular-nums">{ratio(capital.tier1Ratio, '6% + 2.5%')}</dd>
            <dt className="text-muted-foreground">Total capital ratio</dt>
            <dd className="tabular-nums">{ratio(capital.totalRatio, '8% + 2.5%')}</dd>
            <dt className="text-muted-foreground">Leverage ratio</dt>
            <dd className="tabular-nums">{ratio(capital.leverageRatio, '3%')}</dd>
            <dt className="text-muted-foreground">RWA (credit + market)</dt>
            <dd className="tabular-nums">
              {formatCurrency(capital.rwa, currency)} ({formatCurrency(capital.creditRwa, currency)} +{' '}
              {formatCurrency(capital.marketRwa, currency)})
            </dd>
            <dt className="text-muted-foreground">Tier 1 capital</dt>
            <dd className="tabular-nums">{formatCurrency(capital.tier1, currency)}</dd>
          </dl>
        )}
        {editable ? (
          <div className="mt-3">
            <CapitalBaseDialog base={capital?.base ?? NO_BASE} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

const LEVEL_VARIANT = { acceptable: 'success', moderate: 'warning', high: 'destructive' } as const;

export function StressTable({ stress, currency }: { stress: RiskMetrics['stress']; currency: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Stress Test Scenarios</CardTitle>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Scenario</TableHead>
              <TableHead className="text-right">Portfolio Impact</TableHead>
              <TableHead className="text-right">Capital Impact</TableHead>
              <TableHead>Risk Level</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {stress.map((s) => (
              <TableRow key={s.scenario}>
                <TableCell>
                  {s.scenario}
                  {s.note ? <div className="text-xs text-muted-foreground">{s.note}</div> : null}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCurrency(s.portfolioImpact, currency)} ({s.impactPercent.toFixed(2)}%)
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {s.capitalImpact === null ? '—' : `${s.capitalImpact.toFixed(2)}% of Tier 1`}
                </TableCell>
                <TableCell>
                  <Badge variant={LEVEL_VARIANT[s.riskLevel]}>{s.riskLevel}</Badge>
                </TableCell>
                <TableCell>{s.status === 'pass' ? 'Pass' : 'Fail'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

const ZONE_VARIANT = { green: 'success', yellow: 'warning', red: 'destructive' } as const;

export function BacktestPanel({ metrics }: { metrics: RiskMetrics }) {
  const b = metrics.backtest;
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle>VaR Backtesting</CardTitle>
        <Badge variant={ZONE_VARIANT[b.zone]}>Basel {b.zone} zone</Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <p>
          {b.exceptions} exception{b.exceptions === 1 ? '' : 's'} in {b.days} days of 99% 1-day VaR (expected{' '}
          {(b.days * 0.01).toFixed(1)}).
        </p>
        <p>
          Kupiec POF: LR = {b.kupiecLr === null ? '—' : b.kupiecLr.toFixed(3)} —{' '}
          {b.kupiecRejected ? 'model rejected at 95% (LR > 3.841)' : 'not rejected at 95%'}
        </p>
        <p className="text-xs text-muted-foreground">{b.source}</p>
      </CardContent>
    </Card>
  );
}
