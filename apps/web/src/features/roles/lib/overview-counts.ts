import { errorStatus } from '@/lib/api';

/**
 * One Overview count (SPEC §2): the list's length once it loaded; otherwise why there is no
 * figure. A list the server refuses to the viewer (403: e.g. departments without
 * manage_departments) is "not visible", never a count of 0.
 */
export type OverviewCount =
  { kind: 'count'; value: number } | { kind: 'loading' } | { kind: 'not_visible'; needs: string } | { kind: 'failed' };

/** The parts of a TanStack query the count reads. */
type ListQuery = { status: 'pending' | 'success' | 'error'; data?: readonly unknown[]; error: unknown };

/** The count of `query`'s list; `needs` names the permission the server asks for it (shown when refused). */
export function overviewCount(query: ListQuery, needs: string): OverviewCount {
  if (query.status === 'success') return { kind: 'count', value: query.data?.length ?? 0 };
  if (query.status === 'pending') return { kind: 'loading' };
  return errorStatus(query.error) === 403 ? { kind: 'not_visible', needs } : { kind: 'failed' };
}

/** What the count card shows: the figure (or a dash) and its caption (SPEC's caption when counted). */
export function overviewCountText(count: OverviewCount, caption: string): { value: string; caption: string } {
  switch (count.kind) {
    case 'count':
      return { value: String(count.value), caption };
    case 'loading':
      return { value: '…', caption };
    case 'not_visible':
      return { value: '—', caption: `Not visible to your role (needs ${count.needs})` };
    case 'failed':
      return { value: '—', caption: 'Could not be loaded' };
  }
}
