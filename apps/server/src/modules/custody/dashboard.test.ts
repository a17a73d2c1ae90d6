import type { CustodyAssets, CustodySettlements, ProcessSettlementsResult } from '@meridian/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { instruments, settlements, trades } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { addBusinessDays, tradeDate } from '../settlement/calendar';
import { issueBond, orderClient } from '../trading/test-support';

// Issue 12 item 5: GET /api/custody/assets and /settlements real; Process Queue settles DvP.

let t: TestApp;
let custodian: string;
let custodian2: string;
let investor: string;
let issuer: string;
let bond: string;
const today = tradeDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  custodian = await t.signIn('custodian@meridian.test');
  custodian2 = await t.signIn('custodian2@meridian.test');
  investor = await t.signIn('investor@meridian.test');
  issuer = await t.signIn('issuer@meridian.test');
  bond = await issueBond(t, issuer, 'Custody Queue 4% Bond');
  await t.db.update(instruments).set({ settlementCycle: 2 }).where(eq(instruments.id, bond));
  const api = orderClient(t);
  const order = { instrumentId: bond, type: 'limit', quantity: 40, price: '101.00' };
  expect((await api.place(issuer, { ...order, orderType: 'sell' })).statusCode).toBe(201);
  expect((await api.place(investor, { ...order, orderType: 'buy' })).statusCode).toBe(201);
});
afterAll(() => t.close());

const get = (url: string, cookie = custodian) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const processQueue = (cookie = custodian) =>
  t.app.inject({ method: 'POST', url: '/api/custody/settlements/process', headers: { cookie, origin: TEST_ORIGIN } });
const decide = (id: string, cookie: string, decision: 'approve' | 'reject' = 'approve') =>
  t.app.inject({
    method: 'POST',
    url: `/api/custody/approvals/${id}/${decision}`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload: {},
  });
/**
 * Process Queue under dual control (Custody & Settlement requires it): the custodian prepares the
 * batch (202, nothing settled), the second custodian confirms it and it settles. With nothing due
 * the queue runs at once (200). Answers what the batch settled.
 */
async function processConfirmed(): Promise<ProcessSettlementsResult> {
  const res = await processQueue();
  if (res.statusCode === 200) return res.json();
  expect(res.statusCode).toBe(202);
  const confirmed = await decide(res.json().approvalId, custodian2);
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json()).toMatchObject({ status: 'approved', approvedBy: ['custodian2@meridian.test'] });
  return confirmed.json().batch;
}

describe('custody dashboard API', () => {
  it('lists the pending T+2 settlement with its client, asset, amount and priority', async () => {
    const res = await get('/api/custody/settlements');
    expect(res.statusCode).toBe(200);
    const body = res.json() as CustodySettlements;
    const row = body.settlements.find((s) => s.instrumentId === bond);
    expect(row).toMatchObject({
      status: 'pending',
      priority: 'low',
      asset: 'Custody Queue 4% Bond',
      amount: '4040.00',
      units: '40',
      settleOn: addBusinessDays(today, 2),
      client: 'Ivan Petrov',
    });
    expect(body.queue.pending).toBeGreaterThanOrEqual(1);
    expect(body.queue.low).toBeGreaterThanOrEqual(1);
  });

  it('values assets under custody in USD with each security factor and control', async () => {
    const res = await get('/api/custody/assets');
    expect(res.statusCode).toBe(200);
    const body = res.json() as CustodyAssets;
    expect(body.reportingCurrency).toBe('USD');
    expect(body.totalClients).toBeGreaterThan(0);
    expect(Number(body.totalValue)).toBeGreaterThan(0);
    const usd = body.assets.find((a) => a.assetType === 'cash' && a.asset === 'USD');
    expect(usd?.reportingValue).toBe(usd?.value);
    expect(body.security.factors.map((f) => f.key)).toEqual([
      'multiSig',
      'dualControl',
      'failedSettlements',
      'auditChain',
    ]);
    expect(body.controls.map((c) => c.key)).toEqual(['multiSig', 'coldStorage', 'insurance', 'audit']);
    expect(Number(body.risk.unsettledValue)).toBeGreaterThanOrEqual(4040);
    const shares = body.assets.reduce((s, a) => s + a.share, 0);
    expect(shares).toBeGreaterThan(99);
    expect(shares).toBeLessThanOrEqual(100.01);
  });

  it('Process Queue needs process_settlements and settles what is due today', async () => {
    expect((await processQueue(investor)).statusCode).toBe(403);
    const early = await processConfirmed();
    expect(early).toMatchObject({ failed: 0, notDue: expect.any(Number) });
    expect(
      (await get('/api/custody/settlements'))
        .json()
        .settlements.find((s: { instrumentId: string }) => s.instrumentId === bond),
    ).toMatchObject({ status: 'pending' });

    // The settlement date comes (moved here instead of waiting two business days).
    const [trade] = await t.db.select({ id: trades.id }).from(trades).where(eq(trades.instrumentId, bond));
    await t.db.update(settlements).set({ settleOn: today }).where(eq(settlements.tradeId, trade!.id));
    const due = (await get('/api/custody/settlements')).json() as CustodySettlements;
    expect(due.settlements.find((s) => s.instrumentId === bond)?.priority).toBe('medium');

    // Dual control: the custodian prepares the batch; nothing settles until another confirms.
    const prepared = await processQueue();
    expect(prepared.statusCode).toBe(202);
    expect(prepared.json()).toMatchObject({
      status: 'pending_approval',
      kind: 'settlement.batch',
      requestedBy: 'custodian@meridian.test',
      requestedByYou: true,
      settlements: 1,
      amount: '4040.00',
    });
    const approvalId = prepared.json().approvalId as string;
    // Pressed again, the same batch is answered; the second custodian sees it waiting for them.
    expect((await processQueue()).json().approvalId).toBe(approvalId);
    const waiting = (await get('/api/custody/approvals', custodian2)).json() as {
      approvalId: string;
      requestedByYou: boolean;
    }[];
    expect(waiting.find((a) => a.approvalId === approvalId)).toMatchObject({ requestedByYou: false });
    const stillPending = () =>
      get('/api/custody/settlements').then(
        (r) => (r.json() as CustodySettlements).settlements.find((s) => s.instrumentId === bond)?.status,
      );
    expect(await stillPending()).toBe('pending');
    // Not by the custodian who prepared it, not by someone without process_settlements.
    expect((await decide(approvalId, custodian)).statusCode).toBe(403);
    expect((await decide(approvalId, investor)).statusCode).toBe(403);
    expect(await stillPending()).toBe('pending');

    const res = await decide(approvalId, custodian2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', approvedBy: ['custodian2@meridian.test'], move: null });
    expect(res.json().batch.completed).toBe(1);
    expect((await decide(approvalId, custodian2)).statusCode).toBe(409);
    const after = (await get('/api/custody/settlements')).json() as CustodySettlements;
    expect(after.settlements.find((s) => s.instrumentId === bond)).toMatchObject({ status: 'completed' });
    const [audit] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_events a join settlements s on s.id::text = a.subject_id
        where a.action = 'settlement.completed' and a.actor_email = 'custodian2@meridian.test' and s.trade_id = ${trade!.id}`,
    );
    expect(audit!.n).toBe(1);
    await expectLedgerInvariants(t.db);
  });
});
