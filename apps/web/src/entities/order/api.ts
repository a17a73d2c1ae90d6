import { orderListSchema, orderSchema, placeOrderSchema, type Order, type PlaceOrderInput } from '@meridian/schemas';
import { apiRequest, throwIfNotOk, urlFromQueryKey } from '@/lib/api';
import { orderKeys } from './keys';

/** GET /api/orders/my: the signed-in user's orders, newest first. */
export async function getMyOrders(): Promise<Order[]> {
  return orderListSchema.parse(await apiRequest('GET', urlFromQueryKey(orderKeys.mine())));
}

/** One page of GET /api/orders/my and the cursor of the next (older) page, null after the last. */
export interface OrderPage {
  orders: Order[];
  nextCursor: string | null;
}

/** GET /api/orders/my by keyset: `cursor` is the previous page's `x-next-cursor` header. */
export async function getMyOrderPage(limit: number, cursor?: string): Promise<OrderPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  const response = await fetch(`${urlFromQueryKey(orderKeys.mine())}?${query}`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  await throwIfNotOk(response);
  return { orders: orderListSchema.parse(await response.json()), nextCursor: response.headers.get('x-next-cursor') };
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
