import { CONTRACT_TYPES } from '@meridian/schemas';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { instruments, trades } from '../schema';
import { DEMO_INSTRUMENTS } from './instrument-catalogue';
import { seedInstruments } from './instruments';

let t: TestApp;
let rows: {
  id: string;
  contractType: string;
  sector: string | null;
  currency: string;
  price: string | null;
  priceSource: string;
  yield: number | null;
  maturityDate: string | null;
}[];

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn('investor@meridian.test');
  rows = (await t.app.inject({ method: 'GET', url: '/api/instruments', headers: { cookie } })).json();
  traded = new Set((await t.db.selectDistinct({ id: trades.instrumentId }).from(trades)).map((r) => r.id));
});
/** Listings the demo seed already traded (the T+N settlement queue): priced from their last trade. */
let traded: Set<string>;
afterAll(() => t.close());

describe('demo instruments seed', () => {
  it('lists about thirty instruments across the nine contract types, sectors and currencies', () => {
    expect(rows).toHaveLength(DEMO_INSTRUMENTS.length);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.contractType))).toEqual(new Set(CONTRACT_TYPES));
    for (const sector of ['government', 'corporate', 'municipal', 'financial'])
      expect(rows.map((r) => r.sector)).toContain(sector);
    expect(new Set(rows.map((r) => r.currency)).size).toBeGreaterThanOrEqual(8);
  });

  it('gives every listing a price, and every bond or loan a model price with a yield', () => {
    expect(rows.every((r) => r.price !== null)).toBe(true);
    const debt = rows.filter((r) => ['PAM', 'ANN', 'LAM'].includes(r.contractType));
    expect(debt.length).toBeGreaterThanOrEqual(15);
    expect(debt.filter((r) => !traded.has(r.id)).length).toBeGreaterThanOrEqual(13);
    for (const row of debt) {
      expect(row.priceSource).toBe(traded.has(row.id) ? 'last' : 'model');
      expect(row.yield).toBeGreaterThan(-1);
      expect(row.yield).toBeLessThan(12);
    }
  });

  it('is idempotent, also when rerun years later (other maturity years in the names)', async () => {
    await seedInstruments(t.db);
    await seedInstruments(t.db, '2031-06-01');
    const [row] = await t.db.select({ n: count() }).from(instruments);
    expect(row!.n).toBe(DEMO_INSTRUMENTS.length);
  });
});
