import { CONTRACT_TYPE_LABELS, type InstrumentDetail } from '@meridian/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatDate, formatNumber } from '@/lib/format';
import { eventTypeName } from '../../lib/event-types';

/** Key terms of the issue, the next payment, and the validated ACTUS terms behind the schedule. */
export function TermsCard({ instrument }: { instrument: InstrumentDetail }) {
  const { currency, nextPayment } = instrument;
  const facts: [string, string][] = [
    ['Contract type', `${instrument.contractType} · ${CONTRACT_TYPE_LABELS[instrument.contractType]}`],
    ['Issuer', instrument.issuerName ?? '—'],
    ['Rating', instrument.rating ?? '—'],
    ['Notional', formatCurrency(instrument.notionalAmount, currency)],
    ['Units', `${formatNumber(instrument.units)} × ${formatCurrency(instrument.faceValue, currency)}`],
    ['Issue date', formatDate(instrument.issueDate)],
    ['Maturity', instrument.maturityDate ? formatDate(instrument.maturityDate) : 'N/A'],
    [
      'Next payment',
      nextPayment
        ? `${formatCurrency(nextPayment.payoff, nextPayment.currency)} on ${formatDate(`${nextPayment.eventDate.slice(0, 10)}T00:00:00Z`)} (${eventTypeName(nextPayment.eventType)})`
        : 'None scheduled',
    ],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Terms</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {instrument.description ? <p className="text-sm text-muted-foreground">{instrument.description}</p> : null}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 border-b py-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <details>
          <summary className="cursor-pointer text-sm font-medium">ACTUS terms</summary>
          <pre tabIndex={0} className="mt-2 max-h-72 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs">
            {JSON.stringify(instrument.terms, null, 2)}
          </pre>
        </details>
      </CardContent>
    </Card>
  );
}
