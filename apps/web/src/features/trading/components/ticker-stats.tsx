import type { Ticker } from '@meridian/schemas';
import { formatCurrency, formatNumber, formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Last price, 24h change, high/low and volume of the selected instrument, from the live ticker. */
export function TickerStats({ ticker }: { ticker: Ticker }) {
  const money = (value: string | null) => (value === null ? '—' : formatCurrency(value, ticker.currency));
  const change = ticker.changePercent;
  return (
    <div
      className="flex shrink-0 flex-col items-end gap-0.5 whitespace-nowrap text-right text-xs tabular-nums text-muted-foreground"
      data-testid="ticker-stats"
    >
      <span className="text-lg font-semibold text-foreground">{money(ticker.lastPrice)}</span>
      {change === null ? (
        <span>no trades in 24h</span>
      ) : (
        <>
          <span>
            <span className={cn('font-medium', change > 0 && 'text-success', change < 0 && 'text-destructive')}>
              {formatPercent(change, { signed: true })}
            </span>{' '}
            24h · {formatNumber(ticker.volume24h)} units
          </span>
          <span>
            H {money(ticker.high24h)} · L {money(ticker.low24h)}
          </span>
        </>
      )}
    </div>
  );
}
