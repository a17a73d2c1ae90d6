import type { Order } from '@meridian/schemas';
import { RECENT_ORDERS } from '../constants';

/** SPEC §4: only 'open' counts as pending. */
export function openOrderCount(orders: Order[]): number {
  return orders.filter((order) => order.status === 'open').length;
}

/** The most recent orders first (SPEC §9: 5). */
export function recentOrders(orders: Order[], count = RECENT_ORDERS): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, count);
}

/** SPEC §4 status dots: open blue, filled green, anything else grey. */
export function statusDotClass(status: string): string {
  if (status === 'open') return 'bg-info';
  if (status === 'filled') return 'bg-success';
  return 'bg-muted-foreground/50';
}
