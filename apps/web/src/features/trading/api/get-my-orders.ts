import { orderListSchema, type Order } from '@meridian/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { fallbackInterval, useStreamStatus } from '@/lib/stream';
import { marketKeys } from '@/lib/stream-cache';
import { POLL_MS } from '../constants';

/** The signed-in user's orders, newest first. */
export async function getMyOrders(): Promise<Order[]> {
  return orderListSchema.parse(await apiRequest('GET', '/api/orders/my'));
}

export const myOrdersQuery = (refetchInterval: number | false) =>
  queryOptions({ queryKey: marketKeys.myOrders(), queryFn: getMyOrders, refetchInterval });

/** Own orders: the stream pushes every change; polled every 5 s (SPEC §7) while it is down. */
export function useMyOrders() {
  return useQuery(myOrdersQuery(fallbackInterval(useStreamStatus(), POLL_MS.orders)));
}
