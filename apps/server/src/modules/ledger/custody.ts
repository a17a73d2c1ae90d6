import { MAX_ACCOUNT_CASH_MINOR, fromMinorUnits } from '@meridian/schemas';
import type { Tx } from '../../db/client';
import { unprocessable } from '../../errors';
import { EXTERNAL_CASH_ACCOUNT, getOrCreateAccount, getOrCreateUserAccount } from './accounts';
import { getBalance, lockAvailable } from './balances';
import { post } from './write';

export interface CashMovement {
  userId: string;
  currency: string;
  /** Minor units of the currency, positive. */
  amount: bigint;
  reference: string;
}

/** Cash paid in from outside the platform to a user's account (custodian or demo funding). */
export async function depositCash(tx: Tx, m: CashMovement): Promise<string> {
  const account = await getOrCreateUserAccount(tx, m.userId);
  const external = await getOrCreateAccount(tx, EXTERNAL_CASH_ACCOUNT);
  const [entryId] = await post(tx, [
    {
      kind: 'deposit',
      reference: m.reference,
      lines: [
        { accountId: account, assetType: 'cash', asset: m.currency, amount: m.amount },
        { accountId: external, assetType: 'cash', asset: m.currency, amount: -m.amount },
      ],
    },
  ]);
  // Read after the write: the balance row stays locked to this transaction, so concurrent
  // deposits cannot both slip under the cap. The cap keeps the omnibus account far from bigint's end.
  const { total } = await getBalance(tx, account, 'cash', m.currency);
  if (total > MAX_ACCOUNT_CASH_MINOR) {
    throw unprocessable(
      'ACCOUNT_LIMIT_EXCEEDED',
      `An account may hold at most ${fromMinorUnits(MAX_ACCOUNT_CASH_MINOR)} ${m.currency}`,
    );
  }
  return entryId!;
}

/**
 * Cash paid out of a user's account; refused beyond what open orders leave available
 * (read under lock for the message; the ledger guard has the last word).
 */
export async function withdrawCash(tx: Tx, m: CashMovement): Promise<string> {
  const account = await getOrCreateUserAccount(tx, m.userId);
  const key = { accountId: account, assetType: 'cash' as const, asset: m.currency };
  const available = (await lockAvailable(tx, [key])).values().next().value ?? 0n;
  if (available < m.amount) {
    throw unprocessable(
      'INSUFFICIENT_FUNDS',
      `Insufficient funds: ${fromMinorUnits(available)} ${m.currency} available to withdraw`,
    );
  }
  const external = await getOrCreateAccount(tx, EXTERNAL_CASH_ACCOUNT);
  const [entryId] = await post(tx, [
    {
      kind: 'withdraw',
      reference: m.reference,
      lines: [
        { accountId: account, assetType: 'cash', asset: m.currency, amount: -m.amount },
        { accountId: external, assetType: 'cash', asset: m.currency, amount: m.amount },
      ],
    },
  ]);
  return entryId!;
}

/** A user's cash balance in one currency after a movement. */
export async function cashBalance(tx: Tx, userId: string, currency: string) {
  const account = await getOrCreateUserAccount(tx, userId);
  const { total, reserved } = await getBalance(tx, account, 'cash', currency);
  return {
    currency,
    total: fromMinorUnits(total),
    reserved: fromMinorUnits(reserved),
    available: fromMinorUnits(total - reserved),
  };
}

export interface CashConversion {
  userId: string;
  from: string;
  to: string;
  /** Minor units of `from` paid out, positive. */
  amount: bigint;
  /** Minor units of `to` paid in, positive (the caller applies the rate). */
  converted: bigint;
  reference: string;
}

/**
 * Currency exchange of a user's own cash, done outside the platform at the reference rate: the
 * `from` amount leaves the account and the `to` amount arrives, as a withdrawal and a deposit
 * against the external cash account in one statement (each currency balances on its own).
 * Refused beyond what open orders leave available, and above the per-account cash cap.
 */
export async function convertCash(tx: Tx, c: CashConversion): Promise<void> {
  const account = await getOrCreateUserAccount(tx, c.userId);
  const key = { accountId: account, assetType: 'cash' as const, asset: c.from };
  const available = (await lockAvailable(tx, [key])).values().next().value ?? 0n;
  if (available < c.amount) {
    throw unprocessable(
      'INSUFFICIENT_FUNDS',
      `Insufficient funds: ${fromMinorUnits(available)} ${c.from} available to convert`,
    );
  }
  const external = await getOrCreateAccount(tx, EXTERNAL_CASH_ACCOUNT);
  await post(tx, [
    {
      kind: 'withdraw',
      reference: `${c.reference}:out`,
      lines: [
        { accountId: account, assetType: 'cash', asset: c.from, amount: -c.amount },
        { accountId: external, assetType: 'cash', asset: c.from, amount: c.amount },
      ],
    },
    {
      kind: 'deposit',
      reference: `${c.reference}:in`,
      lines: [
        { accountId: account, assetType: 'cash', asset: c.to, amount: c.converted },
        { accountId: external, assetType: 'cash', asset: c.to, amount: -c.converted },
      ],
    },
  ]);
  const { total } = await getBalance(tx, account, 'cash', c.to);
  if (total > MAX_ACCOUNT_CASH_MINOR) {
    throw unprocessable(
      'ACCOUNT_LIMIT_EXCEEDED',
      `An account may hold at most ${fromMinorUnits(MAX_ACCOUNT_CASH_MINOR)} ${c.to}`,
    );
  }
}
