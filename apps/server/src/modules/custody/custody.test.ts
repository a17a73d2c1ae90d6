import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { holdings } from '../trading/test-support';

// Issue 17 item 1: custody moves honour Idempotency-Key as orders do, and a bank reference
// is booked once.

let t: TestApp;
let custodian: string;
const HOLDER = 'compliance@meridian.test';

beforeAll(async () => {
  t = await createTestApp();
  custodian = await t.signIn('custodian@meridian.test');
});
afterAll(() => t.close());

const move = (direction: 'deposits' | 'withdrawals', payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/custody/${direction}`,
    headers: { cookie: custodian, origin: TEST_ORIGIN, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const cash = async () => (await holdings(t, HOLDER, '00000000-0000-0000-0000-000000000000')).cash.total;

describe('custody idempotency', () => {
  it('answers a retry with the first answer and credits once', async () => {
    const before = await cash();
    const body = { email: HOLDER, currency: 'USD', amount: '100.00', reference: 'wire-2026-0001' };
    const first = await move('deposits', body, 'dep-xyz-1');
    const second = await move('deposits', body, 'dep-xyz-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await cash()) - before).toBe(10_000n);
  });

  it('refuses the same key with a different body (422) and moves nothing', async () => {
    const before = await cash();
    const body = { email: HOLDER, currency: 'USD', amount: '50.00' };
    expect((await move('deposits', body, 'dep-xyz-2')).statusCode).toBe(201);
    const other = await move('deposits', { ...body, amount: '51.00' }, 'dep-xyz-2');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherDirection = await move('withdrawals', body, 'dep-xyz-2');
    expect(otherDirection.statusCode).toBe(422);
    expect((await cash()) - before).toBe(5_000n);
  });

  it('books concurrent twins once', async () => {
    const before = await cash();
    const body = { email: HOLDER, currency: 'USD', amount: '7.00' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => move('deposits', body, 'dep-xyz-3')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().entryId)).size).toBe(1);
    expect((await cash()) - before).toBe(700n);
  });

  it('makes withdrawals idempotent too', async () => {
    const before = await cash();
    const body = { email: HOLDER, currency: 'USD', amount: '10.00' };
    expect((await move('withdrawals', body, 'wd-1')).statusCode).toBe(201);
    expect((await move('withdrawals', body, 'wd-1')).statusCode).toBe(201);
    expect(before - (await cash())).toBe(1_000n);
  });

  it('books a bank reference once (409), with or without a key', async () => {
    const before = await cash();
    const body = { email: HOLDER, currency: 'USD', amount: '20.00', reference: 'wire-2026-0002' };
    expect((await move('deposits', body)).statusCode).toBe(201);
    const again = await move('deposits', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REFERENCE_ALREADY_BOOKED');
    expect((await move('deposits', body, 'another-key')).statusCode).toBe(409);
    const racing = await Promise.all([1, 2, 3].map(() => move('deposits', { ...body, reference: 'wire-2026-0003' })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await cash()) - before).toBe(4_000n);
  });
});
