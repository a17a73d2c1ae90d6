import { addMonths } from '@meridian/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../../test/harness';
import { getBalance, getOrCreateUserAccount } from '../ledger';

let t: TestApp;
let issuer: string;
let investor: string;
const today = new Date().toISOString().slice(0, 10);
const pamBond = {
  contractType: 'PAM',
  name: 'Atlas 5% 2027',
  description: 'Senior unsecured note',
  notionalAmount: 1_000_000,
  currency: 'USD',
  issueDate: today,
  maturityDate: addMonths(today, 24),
  interestRate: 5,
  paymentFrequency: 'P1Y',
  dayCountConvention: 'A/365',
};

beforeAll(async () => {
  t = await createTestApp();
  [issuer, investor] = await Promise.all([t.signIn('issuer@meridian.test'), t.signIn('investor@meridian.test')]);
});
afterAll(() => t.close());

const post = (payload: unknown, cookie = issuer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/instruments',
    headers: { cookie, origin: TEST_ORIGIN },
    payload: payload as object,
  });
const get = (url: string, cookie = issuer) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('POST /api/instruments validation (SPEC §5)', () => {
  it.each([
    ['contract type missing', { contractType: undefined }, 'body.contractType', 'Contract type is required'],
    ['name missing', { name: '' }, 'body.name', 'Instrument name is required'],
    ['name too short', { name: 'AB' }, 'body.name', 'Name must be at least 3 characters'],
    ['notional missing', { notionalAmount: undefined }, 'body.notionalAmount', 'Notional amount is required'],
    ['notional not positive', { notionalAmount: 0 }, 'body.notionalAmount', 'Amount must be greater than 0'],
    ['rate out of range', { interestRate: 101 }, 'body.interestRate', 'Interest rate must be between 0 and 100'],
    [
      'maturity before issue',
      { maturityDate: addMonths(today, -1) },
      'body.maturityDate',
      'Maturity date must be after issue date',
    ],
  ])('%s -> 400 with the spec message', async (_label, patch, path, message) => {
    const res = await post({ ...pamBond, ...patch });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.issues).toContainEqual({ path, message });
  });
});

describe('POST /api/instruments access', () => {
  it('401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/instruments',
      headers: { origin: TEST_ORIGIN },
      payload: pamBond,
    });
    expect(res.statusCode).toBe(401);
  });

  it('403 naming create_instruments for a user without it, even with an invalid body', async () => {
    for (const payload of [pamBond, { name: 'x' }]) {
      const res = await post(payload, investor);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Missing permission: create_instruments' });
    }
  });
});

describe('POST /api/instruments amount limit', () => {
  it('caps USD issues at the permission limit (500,000,000.00) and leaves other currencies uncapped', async () => {
    const over = await post({ ...pamBond, notionalAmount: 600_000_000 });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'You can issue up to $500,000,000.00 per instrument with your role',
    });
    const yen = await post({ ...pamBond, name: 'Atlas Samurai 2027', currency: 'JPY', notionalAmount: 600_000_000 });
    expect(yen.statusCode).toBe(201);
  });
});

describe('POST /api/instruments engine checks', () => {
  it('400 naming the field when a required term is missing (the shared form schema stops it)', async () => {
    const res = await post({ ...pamBond, maturityDate: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      path: 'body.maturityDate',
      message: 'Maturity date is required for Principal at Maturity contracts',
    });
  });

  it('422 ACTUS_REJECTED listing the problems when the engine refuses the terms', async () => {
    // A status date after maturity passes the form's field checks; the engine refuses the terms.
    const res = await post({ ...pamBond, statusDate: addMonths(today, 30) });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('ACTUS_REJECTED');
    expect(body.problems).toContainEqual(expect.objectContaining({ term: 'maturityDate', code: 'INVALID_VALUE' }));
    expect(body.message).toContain('maturityDate');
  });

  it('422 SCHEDULE_TOO_LONG for terms that used to stall the process, and the server keeps serving', async () => {
    // A monthly floating annuity from year 1 to 9999: 120,000 periods, each with a redemption,
    // an interest payment, a rate reset and an annuity re-fixing (seconds of CPU and an
    // O(n^2) annuity before the event budget existed).
    const millennia = { ...pamBond, contractType: 'ANN', interestRateType: 'FLOATING', paymentFrequency: 'P1M' };
    const far = await post({
      ...millennia,
      name: 'Forever annuity',
      issueDate: '0001-01-01',
      maturityDate: '9999-12-31',
    });
    expect(far.statusCode).toBe(422);
    expect(far.json()).toMatchObject({ code: 'ACTUS_REJECTED', problems: [{ code: 'SCHEDULE_TOO_LONG' }] });
    // 200 years monthly passes the form's period check (2,400 periods) but its 2,400 re-fixings
    // over the remaining dates exceed the engine's own work budget: refused by the engine.
    const long = await post({
      ...millennia,
      name: 'Long annuity',
      issueDate: '2000-01-01',
      maturityDate: '2200-01-01',
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().problems).toEqual([expect.objectContaining({ term: 'maxEvents', code: 'SCHEDULE_TOO_LONG' })]);
    const list = await get('/api/instruments');
    expect(list.statusCode).toBe(200);
  });

  it('400 on the strike field for an option without a strike', async () => {
    const res = await post({ ...pamBond, contractType: 'OPTNS', notionalAmount: 5000, interestRate: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      path: 'body.strikePrice',
      message: 'Strike price is required for an option',
    });
  });
});

describe('issuing and reading instruments', () => {
  let created: Record<string, unknown>;

  beforeAll(async () => {
    const res = await post({ ...pamBond, actusTerms: JSON.stringify({ contractType: 'PAM', notionalPrincipal: 1 }) });
    expect(res.statusCode).toBe(201);
    created = res.json();
  });

  it('stores the instrument with server-built terms, units and face value', () => {
    expect(created).toMatchObject({
      name: 'Atlas 5% 2027',
      contractType: 'PAM',
      status: 'active',
      notionalAmount: '1000000.00',
      units: '10000',
      faceValue: '100.00',
      issuerName: 'Atlas Industrial Holdings plc',
      sector: 'corporate',
      rating: 'A-',
      volume24h: '0.00',
      priceSource: 'model',
    });
    const terms = created.terms as Record<string, unknown>;
    expect(terms.notionalPrincipal).toBe(1_000_000);
    expect(terms.contractID).toMatch(/^PAM-\d{8}T\d{6}Z$/);
    const events = created.events as { eventType: string }[];
    expect(events.map((e) => e.eventType)).toEqual(['PRD', 'IP', 'IP', 'MD']);
  });

  it('credits every unit to the issuer in the ledger', async () => {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'issuer@meridian.test'));
    const account = await getOrCreateUserAccount(t.db, row!.id);
    expect(await getBalance(t.db, account, 'units', created.id as string)).toEqual({ total: 10_000n, reserved: 0n });
    expect(created.holders).toEqual([{ userId: row!.id, name: 'Isabel Hart', units: '10000', share: 100 }]);
  });

  it('prices the bond on the USD curve plus the A- spread, and its yield at that price', () => {
    // Flows per 100: 5 x d1/365 at one year, 100 + 5 x d2/365 at two; discounted at the
    // interpolated zero (1y 4.00 %, 2y 3.75 %) plus 80 bp, annual compounding, ACT/365.
    const d1 = (Date.parse(addMonths(today, 12)) - Date.parse(today)) / 86_400_000;
    const d2 = (Date.parse(addMonths(today, 24)) - Date.parse(today)) / 86_400_000;
    const z = (t: number) => (t <= 1 ? 0.04 : t >= 2 ? 0.0375 : 0.04 - 0.0025 * (t - 1));
    const pv =
      (5 * (d1 / 365)) / (1 + z(d1 / 365) + 0.008) ** (d1 / 365) +
      (100 + 5 * ((d2 - d1) / 365)) / (1 + z(d2 / 365) + 0.008) ** (d2 / 365);
    expect(Number(created.price)).toBeCloseTo(pv, 2);
    // Near par with a 5 % coupon against ~4.6-4.8 % discount rates.
    expect(created.yield as number).toBeGreaterThan(4.5);
    expect(created.yield as number).toBeLessThan(4.9);
    expect(created.duration as number).toBeGreaterThan(1.9);
    expect(created.duration as number).toBeLessThan(2);
    expect(created.modifiedDuration as number).toBeCloseTo(
      (created.duration as number) / (1 + (created.yield as number) / 100),
      3,
    );
    expect(created.dv01 as number).toBeGreaterThan(0.018);
    expect(created.nextPayment).toMatchObject({ eventType: 'IP', currency: 'USD' });
  });

  it("lists it for everyone and under the issuer's own instruments only", async () => {
    const all = (await get('/api/instruments', investor)).json() as { id: string }[];
    expect(all.map((i) => i.id)).toContain(created.id);
    const mine = (await get('/api/instruments/my')).json() as { id: string; price: string }[];
    expect(mine.find((i) => i.id === created.id)).toMatchObject({ price: created.price, yield: created.yield });
    const theirs = (await get('/api/instruments/my', investor)).json() as { id: string }[];
    expect(theirs.map((i) => i.id)).not.toContain(created.id);
  });

  it('shows the detail, 404 for an unknown id and 400 for a malformed one', async () => {
    const detail = await get(`/api/instruments/${created.id}`, investor);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: created.id, price: created.price, units: '10000' });
    expect((await get('/api/instruments/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/instruments/nope')).statusCode).toBe(400);
  });

  it('pages the list by keyset: the pages joined are the whole list, in order, once each', async () => {
    const whole = (await get('/api/instruments', investor)).json() as { id: string }[];
    expect(whole.length).toBeGreaterThan(7);
    const seen: string[] = [];
    let url = '/api/instruments?limit=7';
    for (let pages = 0; pages < 100; pages++) {
      const res = await get(url, investor);
      expect(res.statusCode).toBe(200);
      const items = res.json() as { id: string }[];
      expect(items.length).toBeLessThanOrEqual(7);
      seen.push(...items.map((i) => i.id));
      const next = res.headers['x-next-cursor'];
      if (typeof next !== 'string') break;
      url = `/api/instruments?limit=7&cursor=${encodeURIComponent(next)}`;
    }
    expect(seen).toEqual(whole.map((i) => i.id));
  });

  it('refuses a cursor it did not issue and a limit out of range with 400', async () => {
    for (const url of ['/api/instruments?cursor=bm9wZQ', '/api/instruments?limit=0', '/api/instruments?limit=501']) {
      const res = await get(url, investor);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toMatch(/BAD_REQUEST|VALIDATION_ERROR/);
    }
  });

  it('requires a session to read', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/instruments' })).statusCode).toBe(401);
  });
});
