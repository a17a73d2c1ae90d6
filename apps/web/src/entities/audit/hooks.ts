import { useInfiniteQuery } from '@tanstack/react-query';
import { useAuth } from '@/entities/session';
import { getAuditPage } from './api';
import { auditKeys, type AuditFilter } from './keys';

/** The audit trail, newest first, one page at a time (`fetchNextPage` loads older rows). */
export function useAuditTrail(filter: AuditFilter, enabled = true) {
  const { isAuthenticated } = useAuth();
  return useInfiniteQuery({
    queryKey: auditKeys.page(filter),
    enabled: isAuthenticated && enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => getAuditPage({ ...filter, before: pageParam }),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}
