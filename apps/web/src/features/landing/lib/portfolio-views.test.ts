import type { MyTrade } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { recentTransactions } from './portfolio-views';

describe('recentTransactions', () => {
  const trade = (id: string, createdAt: string) => ({ id, createdAt }) as MyTrade;
  it('orders newest first and limits rows', () => {
    const rows = recentTransactions(
      [trade('a', '2026-11-20T10:00:00Z'), trade('b', '2026-11-22T10:00:00Z'), trade('c', '2026-11-21T10:00:00Z')],
      2,
    );
    expect(rows.map((r) => r.id)).toEqual(['b', 'c']);
  });
});
