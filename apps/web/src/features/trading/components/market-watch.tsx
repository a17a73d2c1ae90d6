import { Eye } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { WatchRow } from '../lib/market-watch';
import { EmptyState } from './empty-state';

type Props = { rows: WatchRow[]; selectedId: string | null; onSelect: (id: string) => void };

function Change({ value }: { value: number | null }) {
  if (value === null) return <span className="text-xs text-muted-foreground">no trades</span>;
  return (
    <span
      className={cn('text-xs font-medium tabular-nums', value > 0 && 'text-success', value < 0 && 'text-destructive')}
    >
      {formatPercent(value, { signed: true })}
    </span>
  );
}

/** Market Watch: the first 12 instruments with live price and 24h change; a click selects one. */
export function MarketWatch({ rows, selectedId, onSelect }: Props) {
  return (
    <Card data-testid="market-watch">
      <CardHeader>
        <CardTitle>Market Watch</CardTitle>
      </CardHeader>
      <CardContent className="px-2">
        {rows.length === 0 ? (
          <EmptyState icon={Eye} title="No instruments listed" text="Instruments appear here once they are issued." />
        ) : (
          <ul className="flex flex-col gap-0.5">
            {rows.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  onClick={() => onSelect(row.id)}
                  aria-pressed={row.id === selectedId}
                  data-testid="market-watch-row"
                  className={cn(
                    'flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left transition-colors hover:bg-muted',
                    row.id === selectedId && 'bg-secondary ring-1 ring-ring/30',
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium" title={row.name}>
                      {row.name}
                    </span>
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="text-xs text-muted-foreground">
                        {row.contractType} · {row.currency}
                      </span>
                      <span className="flex items-baseline gap-2">
                        <Change value={row.changePercent} />
                        <span
                          className="text-sm font-semibold tabular-nums"
                          title={row.traded ? 'Last trade' : 'Model price (not traded yet)'}
                        >
                          {row.price === null ? '—' : formatCurrency(row.price, row.currency)}
                        </span>
                      </span>
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
