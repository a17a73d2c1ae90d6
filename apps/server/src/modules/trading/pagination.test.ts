import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueBond, orderClient } from './test-support';

// Keyset pagination of the order and trade lists: following `x-next-cursor` page by page
// yields exactly the one-shot list, in the same order, with no row twice or missing.

let t: TestApp;
let api: ReturnType<typeof orderClient>;
let issuer: string;
let investor: string;
let bond: string;

beforeAll(async () => {
  t = await createTestApp();
  api = orderClient(t);
  [issuer, investor] = (await Promise.all(['issuer', 'investor'].map((u) => t.signIn(`${u}@meridian.test`)))) as [
    string,
    string,
  ];
  bond = await issueBond(t, issuer, 'Pagination Test 3% 2029');
  // Resting bids (nothing sells that low) and a few fills against the issuer's offer.
  for (let i = 0; i < 7; i++) {
    const res = await api.place(investor, {
      instrumentId: bond,
      orderType: 'buy',
      type: 'limit',
      quantity: 1,
      price: `${50 + i}.00`,
    });
    expect(res.statusCode).toBe(201);
  }
  const offer = await api.place(issuer, {
    instrumentId: bond,
    orderType: 'sell',
    type: 'limit',
    quantity: 5,
    price: '101.00',
  });
  expect(offer.statusCode).toBe(201);
  for (let i = 0; i < 5; i++)
    expect(
      (await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'market', quantity: 1 })).statusCode,
    ).toBe(201);
}, 300_000);
afterAll(() => t.close());

async function walk(cookie: string, url: string, pageSize: number) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await api.get(
      cookie,
      `${url}${sep}limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: string }[];
    expect(rows.length).toBeLessThanOrEqual(pageSize);
    ids.push(...rows.map((r) => r.id));
    pages++;
    const next = res.headers['x-next-cursor'];
    if (next === undefined) break;
    expect(rows).toHaveLength(pageSize);
    cursor = String(next);
  }
  return { ids, pages };
}

describe('cursor pagination', () => {
  it('walks /api/orders/my and /api/orders page by page to the same list as one request', async () => {
    for (const url of ['/api/orders/my', '/api/orders']) {
      const all = (await api.get(investor, `${url}?limit=500`)).json().map((o: { id: string }) => o.id);
      expect(all.length).toBeGreaterThanOrEqual(12);
      const { ids, pages } = await walk(investor, url, 5);
      expect(ids).toEqual(all);
      expect(new Set(ids).size).toBe(ids.length);
      expect(pages).toBe(Math.ceil(all.length / 5) + (all.length % 5 === 0 ? 1 : 0));
    }
  });

  it('walks /api/trades (per instrument and market-wide) and /api/trades/my', async () => {
    for (const [cookie, url] of [
      [investor, `/api/trades?instrumentId=${bond}`],
      [investor, '/api/trades'],
      [investor, '/api/trades/my'],
    ] as const) {
      const all = (await api.get(cookie, `${url}${url.includes('?') ? '&' : '?'}limit=500`))
        .json()
        .map((x: { id: string }) => x.id);
      expect(all.length, url).toBeGreaterThanOrEqual(5);
      const { ids } = await walk(cookie, url, 2);
      expect(ids, url).toEqual(all);
    }
  });

  it('answers 400 for a cursor it did not issue', async () => {
    for (const cursor of ['nonsense', Buffer.from('2026-01-01T00:00:00Z~1').toString('base64url'), '%00'])
      expect((await api.get(investor, `/api/orders/my?cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(400);
  });
});
