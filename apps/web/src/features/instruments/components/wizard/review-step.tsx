import { CONTRACT_TYPE_LABELS, PAYMENT_FREQUENCY_LABELS, type InstrumentFormInput } from '@meridian/schemas';
import { AlertTriangle } from 'lucide-react';
import { formatCurrency, formatDate } from '@/lib/format';
import type { CashFlowPreview } from '../../lib/cash-flow-preview';
import { CashFlows } from '../cash-flows';

type Props = { values: InstrumentFormInput; preview: CashFlowPreview };

function Summary({ values }: { values: InstrumentFormInput }) {
  const rows: [string, string][] = [
    ['Contract type', values.contractType ? `${values.contractType} · ${CONTRACT_TYPE_LABELS[values.contractType]}` : '—'],
    ['Name', values.name || '—'],
    ['Notional', typeof values.notionalAmount === 'number' ? formatCurrency(values.notionalAmount, values.currency ?? 'USD') : '—'],
    ['Issue date', values.issueDate ? formatDate(values.issueDate) : '—'],
    ['Maturity', values.maturityDate ? formatDate(values.maturityDate) : 'N/A'],
    ['Interest', values.interestRate === null || values.interestRate === undefined ? 'None' : `${values.interestRate}% ${values.interestRateType ?? ''}`],
    ['Frequency', values.paymentFrequency ? PAYMENT_FREQUENCY_LABELS[values.paymentFrequency] : '—'],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 border-b py-1">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Step 5: what will be issued — summary, generated ACTUS terms and the engine's cash-flow preview. */
export function ReviewStep({ values, preview }: Props) {
  const currency = values.currency ?? 'USD';
  return (
    <div className="flex flex-col gap-6">
      <Summary values={values} />
      <section aria-labelledby="preview-title" className="flex flex-col gap-3">
        <h3 id="preview-title" className="text-base font-semibold">
          Cash-flow preview
        </h3>
        {preview.status === 'ok' ? (
          <CashFlows events={preview.events} currency={currency} label="Previewed event schedule" />
        ) : preview.status === 'rejected' ? (
          <div role="alert" className="rounded-md border border-destructive/40 bg-destructive-muted p-4 text-sm">
            <p className="mb-2 flex items-center gap-2 font-semibold text-destructive">
              <AlertTriangle className="size-4" aria-hidden /> The ACTUS engine rejects these terms
            </p>
            <ul className="list-disc pl-5">
              {preview.problems.map((problem) => (
                <li key={`${problem.term}-${problem.code}`}>
                  <span className="font-mono text-xs">{problem.term}</span>: {problem.message}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Complete the earlier steps to see the cash flows.</p>
        )}
      </section>
      {preview.status !== 'invalid' ? (
        <section aria-labelledby="terms-title" className="flex flex-col gap-2">
          <h3 id="terms-title" className="text-base font-semibold">
            Generated ACTUS terms
          </h3>
          <pre data-testid="actus-terms" className="max-h-72 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs">
            {JSON.stringify(preview.terms, null, 2)}
          </pre>
        </section>
      ) : null}
    </div>
  );
}
