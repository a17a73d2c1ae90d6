import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SECTOR_LABELS, SORT_LABELS } from '../constants';
import { SECTOR_FILTERS, SORT_KEYS, type BrowseOptions } from '../lib/browse';

type Props = { options: BrowseOptions; onChange: (options: BrowseOptions) => void };

/** Search box, type filter (issuer sector) and sort of the marketplace (SPEC §2). */
export function BrowseToolbar({ options, onChange }: Props) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search instruments"
          placeholder="Search by name, type, currency or issuer..."
          className="pl-9"
          value={options.search}
          onChange={(event) => onChange({ ...options, search: event.target.value })}
        />
      </div>
      <Select
        value={options.sector}
        onValueChange={(sector) => onChange({ ...options, sector: sector as BrowseOptions['sector'] })}
      >
        <SelectTrigger className="sm:w-44" aria-label="Filter by type">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SECTOR_FILTERS.map((sector) => (
            <SelectItem key={sector} value={sector}>
              {SECTOR_LABELS[sector]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={options.sortBy}
        onValueChange={(sortBy) => onChange({ ...options, sortBy: sortBy as BrowseOptions['sortBy'] })}
      >
        <SelectTrigger className="sm:w-44" aria-label="Sort by">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SORT_KEYS.map((key) => (
            <SelectItem key={key} value={key}>
              Sort by {SORT_LABELS[key]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
