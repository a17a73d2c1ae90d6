import type { OrderSide } from '@meridian/schemas';
import { cn } from '@/lib/utils';

/** The buy/sell toggle of the order form. */
export function SideToggle({ side, onChange }: { side: OrderSide; onChange: (side: OrderSide) => void }) {
  const option = (value: OrderSide, label: string, active: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={side === value}
      onClick={() => onChange(value)}
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
      {option('buy', 'Buy', 'bg-success text-white shadow-sm')}
      {option('sell', 'Sell', 'bg-destructive text-destructive-foreground shadow-sm')}
    </div>
  );
}
