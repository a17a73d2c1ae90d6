import { Eye, Search } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatCurrency, formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ALL_TYPES, type WatchFilter, type WatchRow } from '../lib/market-watch';
import { EmptyState } from './empty-state';

type Props = {
  rows: WatchRow[];
  /** How many instruments are listed in all, before the filter. */
  total: number;
  contractTypes: string[];
  filter: WatchFilter;
  onFilterChange: (filter: WatchFilter) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
};

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

/**
 * Market Watch: every listed instrument with live price and 24h change, narrowed by a search box
 * and a contract-type filter; about 12 rows show at once (SPEC §9) and the rest scroll. A click
 * selects one.
 */
export function MarketWatch({ rows, total, contractTypes, filter, onFilterChange, selectedId, onSelect }: Props) {
  return (
    <Card data-testid="market-watch">
      <CardHeader>
        <CardTitle>Market Watch</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 px-2">
        {total > 0 ? (
          <div className="flex gap-2 px-1">
            <div className="relative min-w-0 flex-1">
              <Search
                className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                type="search"
                aria-label="Search Market Watch"
                placeholder="Search..."
                className="pl-8"
                value={filter.search}
                onChange={(event) => onFilterChange({ ...filter, search: event.target.value })}
              />
            </div>
            <Select
              value={filter.contractType}
              onValueChange={(contractType) => onFilterChange({ ...filter, contractType })}
            >
              <SelectTrigger className="w-24 shrink-0" aria-label="Filter Market Watch by contract type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_TYPES}>All</SelectItem>
                {contractTypes.map((type) => (
                  <SelectItem key={type} value={type}>
                    {type}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
        {total > 0 ? (
          <p className="px-2 text-xs text-muted-foreground" aria-live="polite" data-testid="market-watch-count">
            {rows.length === total ? `${total} instruments` : `${rows.length} of ${total} instruments`}
          </p>
        ) : null}
        {total === 0 ? (
          <EmptyState icon={Eye} title="No instruments listed" text="Instruments appear here once they are issued." />
        ) : rows.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">No instruments match</p>
        ) : (
          <ul tabIndex={0} className="flex max-h-[42rem] flex-col gap-0.5 overflow-y-auto" aria-label="Instruments">
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
