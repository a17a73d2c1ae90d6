import { useMemo } from 'react';
import { useMyTrades } from '@/entities/trade';
import { latestTransactions, tradeTransaction } from './transactions';

/** SPEC §7 polls the user's trades every 10 s. */
export const TRANSACTIONS_REFRESH_MS = 10_000;

type Options = { enabled?: boolean; meta?: Record<string, unknown> };

/**
 * The user's latest money movements from every source (today: GET /api/trades/my). A new
 * source adds its query here and its mapping in transactions.ts; screens do not change.
 */
export function useRecentTransactions(limit: number, { enabled = true, meta }: Options = {}) {
  const trades = useMyTrades({ enabled, meta, refetchInterval: TRANSACTIONS_REFRESH_MS });
  const data = useMemo(
    () => (trades.data ? latestTransactions([trades.data.map(tradeTransaction)], limit) : undefined),
    [trades.data, limit],
  );
  return { data, isPending: trades.isPending, isError: trades.isError, error: trades.error, refetch: trades.refetch };
}
