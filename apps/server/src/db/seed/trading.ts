import { eq, inArray } from 'drizzle-orm';
import { depositCash } from '../../modules/ledger';
import type { Db } from '../client';
import { journalEntries, users } from '../schema';

/** Built-in accounts of the demo liquidity provider (no credentials: nobody signs in as them). */
export const LIQUIDITY_ACCOUNTS = {
  maker: { email: 'liquidity@meridian.test', name: 'Meridian Liquidity Desk' },
  flow: { email: 'flow@meridian.test', name: 'Meridian Demo Order Flow' },
} as const;

const thousand = (n: number) => BigInt(n) * 1_000n * 100n;
const million = (n: number) => thousand(n * 1000);

/** Opening cash per demo account, deposited once (hundredths). */
const FUNDING: readonly { email: string; cash: Record<string, bigint> }[] = [
  { email: 'demo@meridian.test', cash: { USD: million(1), EUR: thousand(250), GBP: thousand(250) } },
  { email: 'investor@meridian.test', cash: { USD: million(1), EUR: thousand(250) } },
  { email: 'investor2@meridian.test', cash: { USD: million(1), CHF: thousand(500) } },
  { email: 'marketmaker@meridian.test', cash: { USD: million(5), EUR: million(1), GBP: million(1) } },
  { email: 'issuer@meridian.test', cash: { USD: thousand(500) } },
  { email: 'admin@meridian.test', cash: { USD: million(1) } },
  {
    email: LIQUIDITY_ACCOUNTS.maker.email,
    cash: {
      USD: million(50),
      EUR: million(10),
      GBP: million(10),
      CHF: million(10),
      JPY: million(1000),
      CAD: million(10),
      AUD: million(10),
      CNY: million(50),
      HKD: million(50),
      SGD: million(10),
    },
  },
  {
    email: LIQUIDITY_ACCOUNTS.flow.email,
    cash: {
      USD: million(10),
      EUR: million(2),
      GBP: million(2),
      CHF: million(2),
      JPY: million(200),
      CAD: million(2),
      AUD: million(2),
      CNY: million(10),
      HKD: million(10),
      SGD: million(2),
    },
  },
];

/** Creates the liquidity accounts and deposits each demo account's opening cash (idempotent by reference). */
export async function seedTradingAccounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const account of Object.values(LIQUIDITY_ACCOUNTS)) {
      await tx
        .insert(users)
        .values({ email: account.email, name: account.name, emailVerified: true })
        .onConflictDoNothing({ target: users.email });
    }
    const rows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          FUNDING.map((f) => f.email),
        ),
      );
    const idOf = new Map(rows.map((r) => [r.email, r.id]));
    for (const { email, cash } of FUNDING) {
      const userId = idOf.get(email);
      if (!userId) continue;
      for (const [currency, amount] of Object.entries(cash)) {
        const reference = `seed:opening-cash:${userId}:${currency}`;
        const [done] = await tx
          .select({ id: journalEntries.id })
          .from(journalEntries)
          .where(eq(journalEntries.reference, reference));
        if (!done) await depositCash(tx, { userId, currency, amount, reference });
      }
    }
  });
}
