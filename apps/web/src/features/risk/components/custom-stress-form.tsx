import { stressRequestSchema, type RiskScope, type StressResponse } from '@meridian/schemas';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useRunStress } from '@/entities/risk';
import { errorMessage } from '@/lib/api';
import { formatCurrency } from '@/lib/format';

const FIELDS = [
  { key: 'rateShiftBp', label: 'Interest rates, parallel shift (bp)', hint: 'Every currency’s curve, all tenors' },
  { key: 'spreadShiftBp', label: 'Credit spreads (bp)', hint: 'Every rating bucket' },
  { key: 'usdMovePercent', label: 'US dollar against every currency (%)', hint: '+10 = USD 10 % stronger' },
  { key: 'equityMovePercent', label: 'Traded prices (%)', hint: 'Instruments valued at their trade price' },
] as const;
type ShockKey = (typeof FIELDS)[number]['key'];
type Field = 'name' | ShockKey;

const LEVEL_VARIANT = { acceptable: 'success', moderate: 'warning', high: 'destructive' } as const;

/** "−1,000" and "-1000" are both −1000; an empty shock is no shock. */
function parseShock(text: string): number {
  const cleaned = text.replaceAll(',', '').replaceAll('−', '-').replaceAll(' ', '').trim();
  if (cleaned === '') return 0;
  return /^[-+]?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * Custom Stress Scenario (issue 14): user-defined shocks, checked with the shared schema
 * (the one the server validates with), revalued server-side through every position's ACTUS
 * cash flows (`POST /api/risk/stress`). Shown to holders of `run_stress_tests`.
 */
export function CustomStressForm({ scope, currency }: { scope: RiskScope; currency: string }) {
  const [name, setName] = useState('');
  const [shocks, setShocks] = useState<Record<ShockKey, string>>({
    rateShiftBp: '',
    spreadShiftBp: '',
    usdMovePercent: '',
    equityMovePercent: '',
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<StressResponse | null>(null);
  const run = useRunStress();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const numbers = Object.fromEntries(FIELDS.map((f) => [f.key, parseShock(shocks[f.key])])) as Record<
      ShockKey,
      number
    >;
    const found: Partial<Record<Field, string>> = {};
    for (const f of FIELDS) if (Number.isNaN(numbers[f.key])) found[f.key] = 'Enter a number, e.g. 200 or -1,000';
    const parsed = stressRequestSchema.safeParse({ scope, currency, name, ...numbers });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        found[key] ??= issue.message;
      }
    setProblems(found);
    if (Object.keys(found).length || !parsed.success) {
      const first = (['name', ...FIELDS.map((f) => f.key)] as Field[]).find((k) => found[k]);
      if (first) document.getElementById(`stress-${first}`)?.focus();
      return;
    }
    setResult(null);
    run.mutate(parsed.data, { onSuccess: setResult });
  };

  const fieldProps = (key: Field) => ({
    id: `stress-${key}`,
    'aria-invalid': problems[key] !== undefined,
    'aria-describedby': problems[key] ? `stress-${key}-error` : `stress-${key}-hint`,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Custom Stress Scenario</CardTitle>
        <CardDescription>
          Your own shocks, applied together; every position is revalued through its ACTUS cash flows on the server.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" onSubmit={submit} noValidate>
          <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
            <Label htmlFor="stress-name">Scenario name</Label>
            <Input
              {...fieldProps('name')}
              value={name}
              placeholder="e.g. Rates +150 bp, USD +5 %"
              onChange={(e) => setName(e.target.value)}
            />
            {problems.name ? (
              <p id="stress-name-error" className="text-sm text-destructive">
                {problems.name}
              </p>
            ) : (
              <p id="stress-name-hint" className="text-xs text-muted-foreground">
                Shown with the result
              </p>
            )}
          </div>
          {FIELDS.map((f) => (
            <div key={f.key} className="grid gap-2">
              <Label htmlFor={`stress-${f.key}`}>{f.label}</Label>
              <Input
                {...fieldProps(f.key)}
                inputMode="decimal"
                placeholder="0"
                value={shocks[f.key]}
                onChange={(e) => setShocks((s) => ({ ...s, [f.key]: e.target.value }))}
              />
              {problems[f.key] ? (
                <p id={`stress-${f.key}-error`} className="text-sm text-destructive">
                  {problems[f.key]}
                </p>
              ) : (
                <p id={`stress-${f.key}-hint`} className="text-xs text-muted-foreground">
                  {f.hint}
                </p>
              )}
            </div>
          ))}
          <div className="flex items-end">
            <Button type="submit" disabled={run.isPending}>
              {run.isPending ? 'Running...' : 'Run scenario'}
            </Button>
          </div>
        </form>
        <div aria-live="polite">
          {run.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(run.error)}
            </p>
          ) : null}
          {result ? <StressOutcome response={result} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}

function StressOutcome({ response }: { response: StressResponse }) {
  const r = response.result;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="custom-stress-result">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{r.scenario}:</span>
        <span className="tabular-nums">
          {formatCurrency(r.portfolioImpact, response.reportingCurrency)} ({r.impactPercent.toFixed(2)}%)
        </span>
        <span className="tabular-nums" data-testid="custom-stress-capital">
          Capital impact:{' '}
          {r.capitalImpact === null ? '— (no capital base)' : `${r.capitalImpact.toFixed(2)}% of Tier 1`}
        </span>
        <Badge variant={LEVEL_VARIANT[r.riskLevel]}>{r.riskLevel}</Badge>
        <span>{r.status === 'pass' ? 'Pass' : 'Fail'}</span>
      </p>
      {response.notPriced.map((n) => (
        <p key={n.instrumentId} className="text-xs text-destructive">
          {n.name}: not priced — {n.reason}
        </p>
      ))}
    </div>
  );
}
