import { CURRENCIES, type Currency } from '@meridian/schemas';
import { useId } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useReportingCurrency } from '@/lib/reporting-currency';

/** "Totals in [USD]": the reporting currency of every portfolio total (SPEC §9 currencies). */
export function ReportingCurrencySelect() {
  const [currency, setCurrency] = useReportingCurrency();
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted-foreground">
        Totals in
      </label>
      <Select value={currency} onValueChange={(value) => setCurrency(value as Currency)}>
        <SelectTrigger id={id} className="h-9 w-24" aria-label="Reporting currency">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CURRENCIES.map((c) => (
            <SelectItem key={c} value={c}>
              {c}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
