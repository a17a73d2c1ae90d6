import type { RiskMetrics, RiskScope } from '@meridian/schemas';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ReportingCurrencySelect } from '@/components/reporting-currency-select';
import { useMyPermissions } from '@/entities/permission';
import { useRiskMetrics } from '@/entities/risk';

import { formatCurrency, formatDateTime } from '@/lib/format';
import { useReportingCurrency } from '@/lib/reporting-currency';
import { ExposureDonut, VarTrend } from '../components/charts';
import { MetricCards } from '../components/metric-cards';
import { CustomStressForm } from '../components/custom-stress-form';
import { BacktestPanel, CapitalPanel, LimitsPanel, StressTable } from '../components/panels';
import { QueryError } from '@/components/query-error';

const SCOPES: { scope: RiskScope; label: string }[] = [
  { scope: 'own', label: 'My portfolio' },
  { scope: 'organisation', label: 'Organisation' },
  { scope: 'market', label: 'Whole market' },
];

/** Risk Analytics Dashboard (/risk, SPEC §2): every figure computed by the risk engine. */
export default function RiskDashboard() {
  const [scope, setScope] = useState<RiskScope>('own');
  const [currency] = useReportingCurrency();
  const metrics = useRiskMetrics(scope, { currency });
  const { held } = useMyPermissions();
  return (
    <section>
      <PageHeader
        title="Risk Analytics Dashboard"
        description="Portfolio risk from real positions, revalued through their ACTUS cash flows"
        actions={
          <>
            <ReportingCurrencySelect />
            <div className="flex gap-1" role="group" aria-label="Portfolio">
              {SCOPES.map((s) => (
                <Button
                  key={s.scope}
                  size="sm"
                  variant={scope === s.scope ? 'default' : 'outline'}
                  aria-pressed={scope === s.scope}
                  onClick={() => setScope(s.scope)}
                >
                  {s.label}
                </Button>
              ))}
            </div>
            <Button asChild variant="outline" size="sm">
              <Link href="/compliance">Compliance View</Link>
            </Button>
          </>
        }
      />
      {metrics.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : metrics.isError ? (
        <QueryError what="risk metrics" error={metrics.error} onRetry={() => void metrics.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <p className="text-sm text-muted-foreground">
            {metrics.data.scopeName} · value{' '}
            {formatCurrency(metrics.data.portfolioValue, metrics.data.reportingCurrency)} (
            {metrics.data.reportingCurrency}) · {metrics.data.positions} positions · computed{' '}
            {formatDateTime(metrics.data.computedAt)}
            {metrics.data.fxRateDate ? ` · ECB rates of ${metrics.data.fxRateDate}` : ''}
          </p>
          <MetricCards metrics={metrics.data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Portfolio Exposure</CardTitle>
              </CardHeader>
              <CardContent>
                {metrics.data.exposure.length ? (
                  <ExposureDonut exposure={metrics.data.exposure} currency={metrics.data.reportingCurrency} />
                ) : (
                  <p className="text-sm text-muted-foreground">No positions.</p>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>VaR Historical Trend</CardTitle>
              </CardHeader>
              <CardContent>
                {metrics.data.history.length ? (
                  <VarTrend history={metrics.data.history} currency={metrics.data.reportingCurrency} />
                ) : (
                  <p className="text-sm text-muted-foreground">No history yet.</p>
                )}
              </CardContent>
            </Card>
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <LimitsPanel metrics={metrics.data} />
            <CapitalPanel
              capital={metrics.data.capital}
              currency={metrics.data.reportingCurrency}
              editable={scope !== 'market' && held.has('manage_risk_limits')}
            />
            <BacktestPanel metrics={metrics.data} />
          </div>
          <StressTable stress={metrics.data.stress} currency={metrics.data.reportingCurrency} />
          {held.has('run_stress_tests') ? (
            <CustomStressForm scope={scope} currency={metrics.data.reportingCurrency} />
          ) : null}
          <VarDetails metrics={metrics.data} />
        </div>
      )}
    </section>
  );
}

function VarDetails({ metrics }: { metrics: RiskMetrics }) {
  const v = metrics.var;
  const money = (x: string) => formatCurrency(x, metrics.reportingCurrency);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Method and coverage</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <p>
          VaR 95% {money(v.var95)} · 99% {money(v.var99)} · 10-day 95% {money(v.var95TenDay)} · 10-day 99%{' '}
          {money(v.var99TenDay)} · ES 97.5% {money(v.es975)} · parametric 95% {money(v.parametric95)} / 99%{' '}
          {money(v.parametric99)}
        </p>
        <p className="text-xs text-muted-foreground">
          {v.method} {v.window ? `Window ${v.window.from} → ${v.window.to}.` : ''}
        </p>
        {metrics.noHistory.map((line) => (
          <p key={line} className="text-xs text-warning">
            {line}
          </p>
        ))}
        {metrics.notPriced.map((n) => (
          <p key={n.instrumentId} className="text-xs text-destructive">
            {n.name}: not priced — {n.reason}
          </p>
        ))}
      </CardContent>
    </Card>
  );
}
