import {
  CONTRACT_TYPE_LABELS,
  PAYMENT_FREQUENCY_LABELS,
  type InstrumentFormField,
  type InstrumentFormInput,
} from '@meridian/schemas';
import { AlertTriangle } from 'lucide-react';
import { formatCurrency, formatDate } from '@/lib/format';
import type { CashFlowPreview } from '../../lib/cash-flow-preview';
import { isFieldVisible } from '../../lib/wizard-steps';
import { CashFlows } from '../cash-flows';

type Props = { values: InstrumentFormInput; preview: CashFlowPreview };

const percentText = (value: number | null | undefined) =>
  value === null || value === undefined ? 'None' : `${value}%`;

function Summary({ values }: { values: InstrumentFormInput }) {
  const currency = values.currency ?? 'USD';
  const amount = (value: number | string | null | undefined) =>
    typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')
      ? formatCurrency(value, currency)
      : '—';
  const shows = (field: InstrumentFormField) => isFieldVisible(field, values.contractType);
  const rows: [string, string, boolean][] = [
    [
      'Contract type',
      values.contractType ? `${values.contractType} · ${CONTRACT_TYPE_LABELS[values.contractType]}` : '—',
      true,
    ],
    ['Name', values.name || '—', true],
    ['Notional', amount(values.notionalAmount), true],
    ['Issue date', values.issueDate ? formatDate(values.issueDate) : '—', true],
    ['Maturity', values.maturityDate ? formatDate(values.maturityDate) : 'N/A', true],
    ['Interest', `${percentText(values.interestRate)} ${values.interestRateType ?? ''}`.trim(), shows('interestRate')],
    ['Swap rate', percentText(values.swapRate), shows('swapRate')],
    ['Dividend rate', percentText(values.dividendRate), shows('dividendRate')],
    [
      values.contractType === 'FUTUR' ? 'Futures price' : 'Strike price',
      amount(values.strikePrice),
      shows('strikePrice'),
    ],
    ['Option type', values.optionType ?? '—', shows('optionType')],
    [
      'Guarantee amount',
      values.guaranteeAmount ? amount(values.guaranteeAmount) : 'Notional',
      shows('guaranteeAmount'),
    ],
    [
      'Frequency',
      values.paymentFrequency ? PAYMENT_FREQUENCY_LABELS[values.paymentFrequency] : '—',
      shows('paymentFrequency'),
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows
        .filter(([, , shown]) => shown)
        .map(([label, value]) => (
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
          <pre
            data-testid="actus-terms"
            className="max-h-72 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs"
          >
            {JSON.stringify(preview.terms, null, 2)}
          </pre>
        </section>
      ) : null}
    </div>
  );
}
