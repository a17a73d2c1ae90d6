import { CURRENCIES, type Currency } from '@meridian/schemas/constants';
import { useId } from 'react';
import { useReportingCurrency } from '@/lib/reporting-currency';

/**
 * "Totals in [USD]": the reporting currency of every portfolio total (SPEC §9 currencies).
 * A native select: keyboard and screen readers know it, phones show their own picker, and the
 * landing page loads no popper library for it.
 */
export function ReportingCurrencySelect() {
  const [currency, setCurrency] = useReportingCurrency();
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted-foreground">
        Totals in
      </label>
      <select
        id={id}
        aria-label="Reporting currency"
        value={currency}
        onChange={(event) => setCurrency(event.target.value as Currency)}
        className="h-9 w-24 rounded-md border border-input bg-card px-2 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}
