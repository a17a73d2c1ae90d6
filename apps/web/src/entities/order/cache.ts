import type { Order } from '@meridian/schemas';

/** Replaces an order by id, or puts a new one first (lists are newest first). */
export function applyOrder(orders: Order[] | undefined, order: Order): Order[] | undefined {
  if (!orders) return orders;
  const index = orders.findIndex((o) => o.id === order.id);
  if (index === -1) return [order, ...orders];
  // Frames can overtake a slower HTTP answer: never step an order back in time.
  if (orders[index]!.updatedAt > order.updatedAt) return orders;
  return orders.map((o, i) => (i === index ? order : o));
}
