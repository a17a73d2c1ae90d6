import { fromMinorUnits } from '@meridian/schemas';
import { formatCurrency } from '@/lib/format';
import type { CurrencyTotal } from '../lib/portfolio-summary';

type Props = { totals: CurrencyTotal[]; emptyCurrency?: string };

/**
 * Amounts per currency, largest first. Different currencies are never added together,
 * so an issuer with USD and EUR issues sees two exact figures instead of one invented sum.
 */
export function CurrencyTotals({ totals, emptyCurrency = 'USD' }: Props) {
  const [first, ...rest] = totals;
  return (
    <div>
      <div className="text-2xl font-semibold tabular-nums">
        {formatCurrency(first ? fromMinorUnits(first.minor) : '0', first?.currency ?? emptyCurrency)}
      </div>
      {rest.map((total) => (
        <div key={total.currency} className="text-sm font-medium tabular-nums text-muted-foreground">
          + {formatCurrency(fromMinorUnits(total.minor), total.currency)}
        </div>
      ))}
    </div>
  );
}
