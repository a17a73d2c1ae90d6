import { fromMinorUnits, toMinorUnits } from '@meridian/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { SYSTEM_PERMISSIONS } from '../access/catalogue';
import { LIMIT_CURRENCY, loadFxTable } from '../fx/service';
import { cashBalance } from '../ledger';

// Issue 17 item 8: manage_custody is multi-sig. One custodian withdraws up to the permission's
// maxAmount (USD) alone; above it the money moves only once a second, distinct custodian
// approves.

let t: TestApp;
const cookies: Record<string, string> = {};
const HOLDER = 'marketmaker@meridian.test';
const LIMIT = SYSTEM_PERMISSIONS.find((p) => p.permissionId === 'manage_custody')!.maxAmount!;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['custodian', 'custodian2', 'admin', 'investor'])
    cookies[who] = await t.signIn(`${who}@meridian.test`);
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST', url: string, who: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: cookies[who]!, origin: TEST_ORIGIN, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
const withdraw = (amount: string, key?: string, currency = 'USD', reference?: string) =>
  send('POST', '/api/custody/withdrawals', 'custodian', { email: HOLDER, currency, amount, reference }, key);
const decide = (id: string, who: string, decision: 'approve' | 'reject') =>
  send('POST', `/api/custody/approvals/${id}/${decision}`, who, {});

async function cash(currency = 'USD'): Promise<bigint> {
  const [holder] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, HOLDER));
  return toMinorUnits((await t.db.transaction((tx) => cashBalance(tx, holder!.id, currency))).total)!;
}

describe('multi-signature withdrawals', () => {
  it('books a withdrawal of exactly the single-signature limit at once', async () => {
    const before = await cash();
    const res = await withdraw(fromMinorUnits(LIMIT));
    expect(res.statusCode).toBe(201);
    expect(before - (await cash())).toBe(LIMIT);
  });

  it('holds a withdrawal one cent over the limit until a second custodian approves it', async () => {
    const amount = LIMIT + 1n;
    const before = await cash();
    const pending = await withdraw(fromMinorUnits(amount), 'ms-1');
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toMatchObject({ status: 'pending_approval', amount: fromMinorUnits(amount) });
    expect(await cash()).toBe(before);
    const approvalId = pending.json().approvalId as string;

    // A retry answers the same pending approval; another request under the key is refused.
    const retry = await withdraw(fromMinorUnits(amount), 'ms-1');
    expect(retry.statusCode).toBe(202);
    expect(retry.json().approvalId).toBe(approvalId);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await withdraw(fromMinorUnits(amount + 1n), 'ms-1')).statusCode).toBe(422);

    const listed = (await send('GET', '/api/custody/approvals', 'custodian')).json() as { approvalId: string }[];
    expect(listed.map((a) => a.approvalId)).toContain(approvalId);

    // Not by the requester, not by someone without manage_custody, not through the access approvals.
    expect((await decide(approvalId, 'custodian', 'approve')).statusCode).toBe(403);
    expect((await decide(approvalId, 'investor', 'approve')).statusCode).toBe(403);
    const generic = await send('POST', `/api/role-management/approvals/${approvalId}/approve`, 'admin', {});
    expect(generic.statusCode).toBe(404);
    const accessList = (await send('GET', '/api/role-management/approvals/pending', 'admin')).json();
    expect(accessList.map((a: { id: string }) => a.id)).not.toContain(approvalId);
    expect(await cash()).toBe(before);

    const approved = await decide(approvalId, 'admin', 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approvedBy: ['admin@meridian.test'] });
    expect(approved.json().move.amount).toBe(fromMinorUnits(amount));
    expect(before - (await cash())).toBe(amount);
    expect((await decide(approvalId, 'admin', 'approve')).statusCode).toBe(409);

    // The requester's retry now gets the booked movement, and nothing moves twice.
    const after = await withdraw(fromMinorUnits(amount), 'ms-1');
    expect(after.statusCode).toBe(201);
    expect(after.json().entryId).toBe(approved.json().move.entryId);
    expect(before - (await cash())).toBe(amount);
    await expectLedgerInvariants(t.db);
  });

  it('moves nothing when the second custodian rejects; the key is then spent', async () => {
    const before = await cash();
    const pending = await withdraw(fromMinorUnits(LIMIT * 2n), 'ms-2', 'USD', 'wire-out-ms-2');
    expect(pending.statusCode).toBe(202);
    // The bank reference is taken while the approval waits.
    expect((await withdraw('1.00', undefined, 'USD', 'wire-out-ms-2')).statusCode).toBe(409);
    const rejected = await decide(pending.json().approvalId, 'admin', 'reject');
    expect(rejected.json()).toMatchObject({ status: 'rejected', move: null });
    expect(await cash()).toBe(before);
    const again = await withdraw(fromMinorUnits(LIMIT * 2n), 'ms-2', 'USD', 'wire-out-ms-2');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('APPROVAL_CLOSED');
  });

  it('holds a deposit over the limit for a second custodian too; within it, it books at once', async () => {
    const deposit = (amount: string, key: string) =>
      send('POST', '/api/custody/deposits', 'custodian', { email: HOLDER, currency: 'USD', amount }, key);
    const before = await cash();
    expect((await deposit(fromMinorUnits(LIMIT), 'ms-dep-0')).statusCode).toBe(201);
    expect((await cash()) - before).toBe(LIMIT);

    const amount = LIMIT + 1n;
    const pending = await deposit(fromMinorUnits(amount), 'ms-dep-1');
    expect(pending.statusCode).toBe(202);
    expect(pending.json().message).toMatch(/^This deposit is over your single-signature limit/);
    expect((await cash()) - before).toBe(LIMIT);
    const approvalId = pending.json().approvalId as string;
    const listed = (await send('GET', '/api/custody/approvals', 'custodian2')).json() as {
      approvalId: string;
      kind: string;
      requestedBy: string;
      requestedByYou: boolean;
    }[];
    expect(listed.find((a) => a.approvalId === approvalId)).toMatchObject({
      kind: 'custody.deposit',
      requestedBy: 'custodian@meridian.test',
      requestedByYou: false,
    });
    expect((await decide(approvalId, 'custodian', 'approve')).statusCode).toBe(403);
    const approved = await decide(approvalId, 'custodian2', 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approvedBy: ['custodian2@meridian.test'] });
    expect((await cash()) - before).toBe(LIMIT + amount);
    // The requester's retry gets the booked deposit; nothing is credited twice.
    const retry = await deposit(fromMinorUnits(amount), 'ms-dep-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().entryId).toBe(approved.json().move.entryId);
    expect((await cash()) - before).toBe(LIMIT + amount);
    await expectLedgerInvariants(t.db);
  });

  it('values a withdrawal in another currency in USD against the limit', async () => {
    // 950,000.00 EUR: under the limit as a bare number, over it in dollars.
    const amount = toMinorUnits('950000.00')!;
    expect(amount).toBeLessThan(LIMIT);
    expect((await loadFxTable(t.db)).convert(amount, 'EUR', LIMIT_CURRENCY)).toBeGreaterThan(LIMIT);
    const before = await cash('EUR');
    const res = await withdraw(fromMinorUnits(amount), 'ms-3', 'EUR');
    expect(res.statusCode).toBe(202);
    expect(await cash('EUR')).toBe(before);
  });
});
