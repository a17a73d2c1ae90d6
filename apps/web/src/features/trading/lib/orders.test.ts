import type { Order } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { anOrder } from '@/test/fixtures';
import { openOrderCount, recentOrders, statusDotClass } from './orders';

const order = (id: string, status: Order['status'], createdAt: string): Order =>
  anOrder({ id, status, createdAt, updatedAt: createdAt });

const orders = [
  order('a', 'filled', '2026-11-22T08:00:00.000Z'),
  order('b', 'open', '2026-11-22T09:00:00.000Z'),
  order('c', 'cancelled', '2026-11-22T07:00:00.000Z'),
  order('d', 'open', '2026-11-22T10:00:00.000Z'),
];

describe('orders', () => {
  it('counts only open orders as pending', () => {
    expect(openOrderCount(orders)).toBe(2);
  });

  it('lists the most recent first, at most the asked count', () => {
    expect(recentOrders(orders, 3).map((o) => o.id)).toEqual(['d', 'b', 'a']);
  });

  it('colours open blue, filled green, the rest grey', () => {
    expect(statusDotClass('open')).toBe('bg-info');
    expect(statusDotClass('filled')).toBe('bg-success');
    expect(statusDotClass('cancelled')).toBe(statusDotClass('anything'));
    expect(statusDotClass('cancelled')).not.toBe(statusDotClass('open'));
  });
});
