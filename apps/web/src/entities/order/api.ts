import { orderListSchema, orderSchema, placeOrderSchema, type Order, type PlaceOrderInput } from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { orderKeys } from './keys';

/** GET /api/orders/my: the signed-in user's orders, newest first. */
export async function getMyOrders(): Promise<Order[]> {
  return orderListSchema.parse(await apiRequest('GET', urlFromQueryKey(orderKeys.mine())));
}

/**
 * POST /api/orders, the one submit path of every order form. The body is checked with the
 * shared schema exactly as the server will check it, and each submit carries its own
 * Idempotency-Key, so a request repeated by the network or a proxy never places the order twice.
 */
export async function placeOrder(input: PlaceOrderInput, idempotencyKey: string = crypto.randomUUID()): Promise<Order> {
  const body = placeOrderSchema.parse(input);
  const placed = await apiRequest('POST', urlFromQueryKey(orderKeys.all()), body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return orderSchema.parse(placed);
}

/** DELETE /api/orders/:id: cancels one of the user's open orders and returns it. */
export async function cancelOrder(orderId: string): Promise<Order> {
  return orderSchema.parse(await apiRequest('DELETE', urlFromQueryKey([...orderKeys.all(), orderId])));
}
