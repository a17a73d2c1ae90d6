import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMyTrades } from '@/entities/trade';
import { getMyServicingPayments } from './api';
import { servicingPaymentKeys } from './keys';
import { latestTransactions, paymentTransaction, tradeTransaction } from './transactions';

/** SPEC §7 polls the user's trades every 10 s; payments follow at the same cadence. */
export const TRANSACTIONS_REFRESH_MS = 10_000;

type Options = { enabled?: boolean; meta?: Record<string, unknown> };

/** The user's servicing payments (GET /api/servicing/payments/my). */
export function useMyServicingPayments({ enabled = true, meta }: Options = {}) {
  return useQuery({
    queryKey: servicingPaymentKeys.mine(),
    queryFn: getMyServicingPayments,
    refetchInterval: TRANSACTIONS_REFRESH_MS,
    enabled,
    meta,
  });
}

/**
 * The user's latest money movements from every source: trades (GET /api/trades/my) and
 * servicing payments (GET /api/servicing/payments/my). A new source adds its query here and
 * its mapping in transactions.ts; screens do not change.
 */
export function useRecentTransactions(limit: number, { enabled = true, meta }: Options = {}) {
  const trades = useMyTrades({ enabled, meta, refetchInterval: TRANSACTIONS_REFRESH_MS });
  const payments = useMyServicingPayments({ enabled, meta });
  const data = useMemo(
    () =>
      trades.data && payments.data
        ? latestTransactions([trades.data.map(tradeTransaction), payments.data.map(paymentTransaction)], limit)
        : undefined,
    [trades.data, payments.data, limit],
  );
  const failed = trades.isError ? trades : payments.isError ? payments : null;
  return {
    data,
    isPending: trades.isPending || payments.isPending,
    isLoading: trades.isLoading || payments.isLoading,
    isError: failed !== null,
    error: failed?.error ?? null,
    refetch: () => Promise.all([trades.refetch(), payments.refetch()]),
  };
}
