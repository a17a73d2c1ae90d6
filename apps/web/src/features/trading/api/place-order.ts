import { orderSchema, type Order, type PlaceOrderInput } from '@meridian/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, throwIfNotOk } from '@/lib/api';
import { applyOrder, marketKeys } from '@/lib/stream-cache';
import { toast } from '@/hooks/use-toast';
import { TRADING_TOASTS } from '../constants';
import { orderOutcome } from '../lib/order-summary';

/**
 * `POST /api/orders`. Each submit carries its own Idempotency-Key, so a request repeated by
 * the network or a proxy can never place the order twice.
 */
export async function placeOrder(input: PlaceOrderInput, idempotencyKey = crypto.randomUUID()): Promise<Order> {
  const response = await fetch('/api/orders', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(input),
  });
  await throwIfNotOk(response);
  return orderSchema.parse(await response.json());
}

/** Places an order with the SPEC §8 toasts; the acknowledged order lands in the cache at once. */
export function usePlaceOrder(onPlaced?: (order: Order) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceOrderInput) => placeOrder(input),
    onSuccess: (order) => {
      client.setQueryData<Order[]>(marketKeys.myOrders(), (old) => applyOrder(old, order));
      void client.invalidateQueries({ queryKey: marketKeys.portfolio() });
      toast({ title: TRADING_TOASTS.orderPlacedTitle, description: orderOutcome(order) });
      onPlaced?.(order);
    },
    onError: (error) => {
      toast({ title: TRADING_TOASTS.orderFailedTitle, description: errorMessage(error), variant: 'destructive' });
    },
  });
}
