import type { OrderSide } from '@meridian/schemas';
import { onRadioArrowKey, radioTabIndex } from '@/components/ui/radio-keys';
import { cn } from '@/lib/utils';

const SIDES: readonly OrderSide[] = ['buy', 'sell'];

/** The buy/sell toggle of the order form. */
export function SideToggle({ side, onChange }: { side: OrderSide; onChange: (side: OrderSide) => void }) {
  const option = (value: OrderSide, label: string, active: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={side === value}
      tabIndex={radioTabIndex(SIDES, side, value)}
      onClick={() => onChange(value)}
      onKeyDown={(event) => onRadioArrowKey(event, SIDES, side, onChange)}
      className={cn(
        'h-9 flex-1 rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        side === value ? active : 'text-muted-foreground hover:bg-card',
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="radiogroup" aria-label="Side" className="flex gap-1 rounded-lg bg-muted p-1">
      {option('buy', 'Buy', 'bg-success text-success-foreground shadow-sm')}
      {option('sell', 'Sell', 'bg-destructive text-destructive-foreground shadow-sm')}
    </div>
  );
}
