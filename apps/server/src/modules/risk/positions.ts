import type { RiskPosition } from '@meridian/risk';
import type { ContractType, RiskScope } from '@meridian/schemas';
import { inArray, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { instruments } from '../../db/schema';
import { instrumentRiskInputs, type InstrumentRiskInput } from '../instruments/service';

// The holdings of a portfolio (one user, an organisation's users, or the whole market), read
// from ledger balances. A holder's units of its OWN issues are inventory, not a position (as in
// the portfolio screen), and are left out.

export interface Portfolio {
  key: string;
  name: string;
  organisationId: string | null;
  positions: RiskPosition[];
  /** Per position id: what the exposure, rating and capital views need. */
  info: Map<string, { contractType: ContractType | 'CASH'; sector: string | null }>;
  /** Cash reserved for open orders, USD-convertible per currency (hundredths). */
  reservedCash: Map<string, bigint>;
}

export interface ScopeTarget {
  scope: RiskScope;
  userId: string;
  organisationId: string | null;
}

export const scopeKeyOf = (t: ScopeTarget) =>
  t.scope === 'market'
    ? 'market'
    : t.scope === 'organisation'
      ? `organisation:${t.organisationId}`
      : `user:${t.userId}`;

interface BalanceRow {
  asset_type: 'cash' | 'units';
  asset: string;
  total: string;
  reserved: string;
}

function holderFilter(t: ScopeTarget) {
  if (t.scope === 'own') return sql`a.user_id = ${t.userId}`;
  if (t.scope === 'organisation')
    return sql`a.user_id in (select id from users where organisation_id = ${t.organisationId})`;
  return sql`a.user_id is not null`;
}

/**
 * Net balances of the scope's holders, own issues excluded. With `asOf` (a past UTC date), the
 * holdings at the end of that day, summed from the journal (nothing was reserved then).
 */
async function scopeBalances(db: Db, t: ScopeTarget, asOf?: string): Promise<BalanceRow[]> {
  if (asOf)
    return selectRows<BalanceRow>(
      db,
      sql`select l.asset_type, l.asset, sum(l.amount)::text as total, '0' as reserved
          from journal_lines l join journal_entries e on e.id = l.entry_id
          join ledger_accounts a on a.id = l.account_id
          where ${holderFilter(t)} and e.created_at < (${asOf}::date + 1)
            and (l.asset_type = 'cash' or not exists (
              select 1 from instruments i where i.id::text = l.asset and i.issuer_user_id = a.user_id))
          group by l.asset_type, l.asset
          having sum(l.amount) <> 0`,
    );
  return selectRows<BalanceRow>(
    db,
    sql`select b.asset_type, b.asset, sum(b.total)::text as total, sum(b.reserved)::text as reserved
        from balances b join ledger_accounts a on a.id = b.account_id
        where ${holderFilter(t)} and b.total <> 0
          and (b.asset_type = 'cash' or not exists (
            select 1 from instruments i where i.id::text = b.asset and i.issuer_user_id = a.user_id))
        group by b.asset_type, b.asset`,
  );
}

async function scopeName(db: Db, t: ScopeTarget): Promise<string> {
  if (t.scope === 'market') return 'Whole market';
  if (t.scope === 'organisation') {
    const [org] = await selectRows<{ name: string }>(
      db,
      sql`select name from organisations where id = ${t.organisationId}`,
    );
    return org?.name ?? 'Organisation';
  }
  const [user] = await selectRows<{ name: string }>(db, sql`select name from users where id = ${t.userId}`);
  return user ? `${user.name} (own portfolio)` : 'Own portfolio';
}

function toPosition(input: InstrumentRiskInput, units: bigint): RiskPosition {
  return {
    id: input.id,
    name: input.name,
    currency: input.currency,
    units: Number(units),
    rating: input.rating,
    kind: input.modelPriced ? 'cash-flows' : 'price',
    flows: input.modelPriced ? input.flows : [],
    price: input.price === null ? null : Number(input.price) / 100,
  };
}

/** The scope's holdings now, or at the end of the UTC day `asOf`. */
export async function loadPortfolio(db: Db, t: ScopeTarget, asOf?: string): Promise<Portfolio> {
  const rows = await scopeBalances(db, t, asOf);
  const unitRows = rows.filter((r) => r.asset_type === 'units');
  const inputs = unitRows.length
    ? await instrumentRiskInputs(
        db,
        inArray(
          instruments.id,
          unitRows.map((r) => r.asset),
        ),
      )
    : [];
  const byId = new Map(inputs.map((i) => [i.id, i]));
  const positions: RiskPosition[] = [];
  const info: Portfolio['info'] = new Map();
  for (const row of unitRows) {
    const input = byId.get(row.asset);
    if (!input) continue;
    positions.push(toPosition(input, BigInt(row.total)));
    info.set(input.id, { contractType: input.contractType, sector: input.sector });
  }
  const reservedCash = new Map<string, bigint>();
  for (const row of rows.filter((r) => r.asset_type === 'cash')) {
    // Cash balances are hundredths: units = amount in currency, price 1.
    const id = `cash:${row.asset}`;
    positions.push({
      id,
      name: `${row.asset} cash`,
      currency: row.asset,
      units: Number(BigInt(row.total)) / 100,
      rating: null,
      kind: 'cash',
      flows: [],
      price: 1,
    });
    info.set(id, { contractType: 'CASH', sector: null });
    reservedCash.set(row.asset, BigInt(row.reserved));
  }
  return {
    key: scopeKeyOf(t),
    name: await scopeName(db, t),
    organisationId: t.organisationId,
    positions,
    info,
    reservedCash,
  };
}
