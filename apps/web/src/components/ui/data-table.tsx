import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TableHead } from '@/components/ui/table';
import { nextSort, pageOf, PAGE_SIZE, sortRows, type SortAccessors, type SortState } from '@/lib/table-sort';
import { cn } from '@/lib/utils';

/** Rows sorted by the clicked header and cut into pages of PAGE_SIZE. */
export function useTableView<T, K extends string>(
  rows: readonly T[],
  accessors: SortAccessors<T, K>,
  initial: SortState<K> = null,
  pageSize = PAGE_SIZE,
) {
  const [sort, setSort] = useState<SortState<K>>(initial);
  const [page, setPage] = useState(0);
  const sorted = useMemo(() => sortRows(rows, accessors, sort), [rows, accessors, sort]);
  const view = pageOf(sorted, page, pageSize);
  return {
    ...view,
    sort,
    onSort: (key: K) => {
      setSort((current) => nextSort(current, key));
      setPage(0);
    },
    setPage,
  };
}

type SortableHeadProps<K extends string> = {
  sortKey: K;
  sort: SortState<K>;
  onSort: (key: K) => void;
  children: ReactNode;
  className?: string;
  align?: 'left' | 'right';
};

/** A column header that sorts its table when clicked; `aria-sort` tells assistive technology. */
export function SortableHead<K extends string>({
  sortKey,
  sort,
  onSort,
  children,
  className,
  align = 'left',
}: SortableHeadProps<K>) {
  const direction = sort?.key === sortKey ? sort.direction : undefined;
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead aria-sort={direction ?? 'none'} className={cn(align === 'right' && 'text-right', className)}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={cn(
          'inline-flex items-center gap-1 rounded-sm uppercase tracking-wide hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          align === 'right' && 'flex-row-reverse',
        )}
      >
        {children}
        <Icon className={cn('size-3.5', !direction && 'opacity-50')} aria-hidden />
      </button>
    </TableHead>
  );
}

type PaginationProps = {
  page: number;
  pageCount: number;
  start: number;
  shown: number;
  total: number;
  setPage: (page: number) => void;
  label: string;
};

/** "Rows 1–50 of 120" with Previous and Next; absent when everything fits on one page. */
export function Pagination({ page, pageCount, start, shown, total, setPage, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-2 pt-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        Rows {start + 1}–{start + shown} of {total}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pageCount - 1} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
