import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { KeptJson, preferredEncoding } from './fast-serializer';
import { issueBond, orderClient } from './modules/trading/test-support';
import { createTestApp, type TestApp } from './test/harness';

// Kept answers (decision 0077) are served with their compressed forms kept beside them
// (decision 0080): a client asking for brotli or gzip gets bytes compressed once per answer,
// not per request, that still decompress to exactly the uncompressed answer of that moment.
// The read endpoints' per-request statements run prepared.

let t: TestApp;
let api: ReturnType<typeof orderClient>;
let issuer: string;
let investor: string;
let bond: string;
let brotli: MockInstance<typeof zlib.brotliCompressSync>;
let gzip: MockInstance<typeof zlib.gzipSync>;

const BROWSER = 'gzip, deflate, br, zstd';
const ENDPOINTS = ['/api/instruments', '/api/market-data', '/api/portfolio/analytics'];

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: investor, ...headers } });

function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const body = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  expect(encoding).toBeUndefined();
  return body.toString('utf8');
}

async function cross(price: string, instrumentId = bond) {
  expect(
    (await api.place(issuer, { instrumentId, orderType: 'sell', type: 'limit', quantity: 1, price })).statusCode,
  ).toBe(201);
  const buy = await api.place(investor, { instrumentId, orderType: 'buy', type: 'limit', quantity: 1, price });
  expect(buy.json().status).toBe('filled');
}

beforeAll(async () => {
  // Spied before the app is built: the compression plugin takes zlib's functions when registered.
  brotli = vi.spyOn(zlib, 'brotliCompressSync');
  gzip = vi.spyOn(zlib, 'gzipSync');
  t = await createTestApp();
  api = orderClient(t);
  [issuer, investor] = (await Promise.all([t.signIn('issuer@meridian.test'), t.signIn('investor@meridian.test')])) as [
    string,
    string,
  ];
  bond = await issueBond(t, issuer, 'Kept Bytes 3% 2031');
  await cross('100.00');
  // Two more holdings, so that the portfolio, too, passes the compression threshold.
  for (const name of ['Kept Bytes 3.5% 2032', 'Kept Bytes 4% 2033'])
    await cross('99.00', await issueBond(t, issuer, name));
  // Past the compression threshold, so every endpoint below is answered compressed.
  for (const url of ENDPOINTS) expect((await get(url)).rawPayload.length).toBeGreaterThan(1024);
});
afterAll(async () => {
  await t.close();
  vi.restoreAllMocks();
});

describe('kept answers are compressed once (decision 0080)', () => {
  it.each(ENDPOINTS)('%s: brotli for a browser, compressed once, the same JSON as uncompressed', async (url) => {
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    brotli.mockClear();
    const answers = [await get(url, { 'accept-encoding': BROWSER }), await get(url, { 'accept-encoding': BROWSER })];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(decoded(res)).toBe(plain.body);
    }
    // Once for both requests (per request, the plugin would have compressed twice).
    expect(brotli).toHaveBeenCalledTimes(1);
    expect(answers[1]!.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
  });

  it.each(ENDPOINTS)('%s: gzip when preferred, identity when refused', async (url) => {
    const plain = (await get(url)).body;
    gzip.mockClear();
    for (let i = 0; i < 2; i++) {
      const res = await get(url, { 'accept-encoding': 'br;q=0, gzip' });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(decoded(res)).toBe(plain);
    }
    expect(gzip).toHaveBeenCalledTimes(1);
    expect((await get(url, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    const opted = await get(url, { 'accept-encoding': BROWSER, 'x-no-compression': '1' });
    expect(opted.headers['content-encoding']).toBeUndefined();
    expect(opted.body).toBe(plain);
  });

  it('a trade moves the compressed answers with the uncompressed ones', async () => {
    const before = await Promise.all(
      ENDPOINTS.map(async (url) => decoded(await get(url, { 'accept-encoding': BROWSER }))),
    );
    await cross('103.25');
    for (const [k, url] of ENDPOINTS.entries()) {
      const now = decoded(await get(url, { 'accept-encoding': BROWSER }));
      expect(now).not.toBe(before[k]);
      expect(now).toBe((await get(url)).body);
    }
    const ticker = (
      JSON.parse((await get('/api/market-data')).body) as { instrumentId: string; lastPrice: string }[]
    ).find((x) => x.instrumentId === bond);
    expect(ticker?.lastPrice).toBe('103.25');
  });

  it('per request, the stamp and the portfolio state run as prepared statements', async () => {
    const session = (t.db as unknown as { _: { session: { prepareQuery: (...args: unknown[]) => unknown } } })._
      .session;
    const prepare = vi.spyOn(session, 'prepareQuery');
    try {
      for (const url of ENDPOINTS) await get(url);
      const calls = prepare.mock.calls.map(([query, , name]) => ({ text: (query as { sql: string }).sql, name }));
      // The stamp alone (a recomputed answer reads it again inside its trade windows' statement).
      const stamp = calls.filter((c) => c.text.includes('string_agg(s.xmin::text') && !c.text.includes('lateral'));
      const portfolio = calls.filter((c) => c.text.includes('from user_trade_counts'));
      expect(stamp.length).toBeGreaterThanOrEqual(2);
      expect(portfolio).toHaveLength(1);
      for (const c of [...stamp, ...portfolio]) expect(c.name).toBe('prepared');
    } finally {
      prepare.mockRestore();
    }
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['GZIP;Q=0.9, BR;Q=0.9', 'br'],
    ['br;q=0, gzip;q=0', null],
  ] as const)('%s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('a kept answer keeps each compressed form', () => {
    const kept = new KeptJson(JSON.stringify({ a: 'é'.repeat(600) }));
    expect(kept.text).toBe(JSON.stringify({ a: 'é'.repeat(600) }));
    expect(kept.encode('br')).toBe(kept.encode('br'));
    expect(zlib.gunzipSync(kept.encode('gzip')).toString('utf8')).toBe(kept.text);
  });
});
