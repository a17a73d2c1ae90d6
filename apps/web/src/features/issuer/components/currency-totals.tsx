import { fromMinorUnits } from '@meridian/schemas';
import { formatCurrency } from '@/lib/format';
import type { CurrencyTotal } from '../lib/portfolio-summary';

type Props = { totals: CurrencyTotal[]; emptyCurrency?: string };

/**
 * Amounts per currency, largest first. Different currencies are never added together,
 * so an issuer with USD and EUR issues sees two exact figures instead of one invented sum.
 * Nothing at all (e.g. no trades in 24 hours) shows as 0.00 in `emptyCurrency`.
 */
export function CurrencyTotals({ totals, emptyCurrency = 'USD' }: Props) {
  // Zero is zero in every currency: only currencies with an amount get their own line.
  const [first, ...rest] = totals.filter((total) => total.minor !== 0n);
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
