import { addMonths } from '@meridian/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_ORIGIN, type TestApp } from '../../test/harness';
import { getBalance, getOrCreateUserAccount } from '../ledger';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';

/** Creates a 1,000,000 PAM bond (10,000 units of 100.00; USD unless asked) as the issuer; returns its id. */
export async function issueBond(
  t: TestApp,
  issuerCookie: string,
  name = 'Trading Test 4% 2028',
  currency = 'USD',
): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/instruments',
    headers: { cookie: issuerCookie, origin: TEST_ORIGIN },
    payload: {
      contractType: 'PAM',
      name,
      notionalAmount: 1_000_000,
      currency,
      issueDate: today,
      maturityDate: addMonths(today, 24),
      interestRate: 4,
      paymentFrequency: 'P1Y',
      dayCountConvention: 'A/365',
    },
  });
  if (res.statusCode !== 201) throw new Error(`issue failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

export function orderClient(t: TestApp) {
  return {
    place: (cookie: string, payload: object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie, origin: TEST_ORIGIN, ...headers },
        payload,
      }),
    cancel: (cookie: string, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: { cookie, origin: TEST_ORIGIN } }),
    get: (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
  };
}

/** A custody cash movement (POST /api/custody/deposits|withdrawals) sent with `cookie`. */
export function custodyMove(
  t: TestApp,
  cookie: string,
  direction: 'deposits' | 'withdrawals',
  payload: { email: string; currency: string; amount: string | number },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/custody/${direction}`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload,
  });
}

/**
 * A custody cash movement signed by two custodians when it needs it (over the single-signature
 * limit: 202, then `secondCookie` approves). The status of the booking: 201 when the money
 * moved (at once or on approval), else the refusing answer's status.
 */
export async function countersignedCustodyMove(
  t: TestApp,
  cookie: string,
  secondCookie: string,
  direction: 'deposits' | 'withdrawals',
  payload: { email: string; currency: string; amount: string | number },
): Promise<number> {
  const res = await custodyMove(t, cookie, direction, payload);
  if (res.statusCode !== 202) return res.statusCode;
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/custody/approvals/${res.json().approvalId}/approve`,
    headers: { cookie: secondCookie, origin: TEST_ORIGIN },
    payload: {},
  });
  return approved.statusCode === 200 && approved.json().move ? 201 : approved.statusCode;
}

/** total/reserved of a user's cash (USD) and units of an instrument, straight from the ledger. */
export async function holdings(t: TestApp, email: string, instrumentId: string) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const account = await t.db.transaction((tx) => getOrCreateUserAccount(tx, user!.id));
  return {
    cash: await getBalance(t.db, account, 'cash', 'USD'),
    units: await getBalance(t.db, account, 'units', instrumentId),
  };
}
