import type { Order, PlaceOrderInput } from '@meridian/schemas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useStreamFallback } from '@/lib/stream-status';
import { instrumentKeys } from '@/entities/instrument';
import { portfolioKeys } from '@/entities/portfolio';
import { tradeKeys } from '@/entities/trade';
import { cancelOrder, getMyOrderPage, getMyOrders, placeOrder } from './api';
import { applyOrder } from './cache';
import { orderKeys } from './keys';

/** SPEC §7: own orders poll every 5 s, only while the live stream (which pushes every change) is down. */
export const MY_ORDERS_POLL_MS = 5_000;

export function useMyOrders() {
  const refetchInterval = useStreamFallback(MY_ORDERS_POLL_MS);
  return useQuery({ queryKey: orderKeys.mine(), queryFn: getMyOrders, refetchInterval });
}

/** The user's whole order history, newest first, `pageSize` orders per page (older pages on demand). */
export function useOrderHistory(pageSize: number) {
  return useInfiniteQuery({
    queryKey: orderKeys.history(pageSize),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => getMyOrderPage(pageSize, pageParam),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** What the screen adds on top of the cache work: its toasts, resetting its form. */
export type OrderCallbacks = { onSuccess?: (order: Order) => void; onError?: (error: unknown) => void };

/** An acknowledged or cancelled order lands in the cache at once; balances and positions moved with it. */
function applyOrderChange(client: QueryClient, order: Order) {
  client.setQueryData<Order[]>(orderKeys.mine(), (old) => applyOrder(old, order));
  void client.invalidateQueries({ queryKey: orderKeys.histories() });
  void client.invalidateQueries({ queryKey: portfolioKeys.analytics() });
}

export function usePlaceOrder({ onSuccess, onError }: OrderCallbacks = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceOrderInput) => placeOrder(input),
    onSuccess: (order) => {
      applyOrderChange(client, order);
      // A fill changes prices and volumes on the instrument list and adds trades.
      void client.invalidateQueries({ queryKey: instrumentKeys.list(), exact: true });
      void client.invalidateQueries({ queryKey: tradeKeys.all() });
      onSuccess?.(order);
    },
    onError,
  });
}

export function useCancelOrder({ onSuccess, onError }: OrderCallbacks = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      applyOrderChange(client, order);
      onSuccess?.(order);
    },
    onError,
  });
}
