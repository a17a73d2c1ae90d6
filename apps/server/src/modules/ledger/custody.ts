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
