/**
 * Turns portfolio and trade payloads into the landing page's rows. The payload shapes belong
 * to the trading/portfolio modules, so fields are read tolerantly and anything unusable is
 * dropped rather than guessed.
 */
type Obj = Record<string, unknown>;

const asObj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const firstString = (o: Obj, keys: string[]) => keys.map((k) => o[k]).find((v): v is string => typeof v === 'string' && v !== '');
const firstNumber = (o: Obj, keys: string[]) =>
  keys
    .map((k) => o[k])
    .map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v))
    .find((v): v is number => typeof v === 'number' && Number.isFinite(v));

function listOf(payload: unknown, keys: string[]): unknown[] {
  if (Array.isArray(payload)) return payload;
  const o = asObj(payload);
  const nested = o && keys.map((k) => o[k]).find(Array.isArray);
  return nested ?? [];
}

export type HoldingShare = { name: string; value: number; percent: number };

/** Holdings as shares of the total market value, largest first. */
export function holdingShares(holdings: unknown): HoldingShare[] {
  const rows = listOf(holdings, ['holdings', 'items'])
    .map(asObj)
    .filter((o): o is Obj => !!o)
    .map((o) => ({
      name: firstString(o, ['name', 'instrumentName', 'asset', 'symbol', 'instrumentId']) ?? '',
      value: firstNumber(o, ['marketValue', 'value', 'amount']) ?? 0,
    }))
    .filter((r) => r.name && r.value > 0);
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  return rows
    .map((r) => ({ ...r, percent: total > 0 ? (r.value / total) * 100 : 0 }))
    .sort((a, b) => b.value - a.value);
}

export type TransactionRow = {
  id: string;
  type: string;
  asset: string;
  quantity: number | undefined;
  price: string | undefined;
  currency: string;
  time: string | undefined;
};

function sideOf(o: Obj, userId: string | undefined): string {
  const side = firstString(o, ['side', 'type', 'orderType']);
  if (side) return side.charAt(0).toUpperCase() + side.slice(1).toLowerCase();
  if (userId && o.buyerId === userId) return 'Buy';
  if (userId && o.sellerId === userId) return 'Sell';
  return 'Trade';
}

/** The most recent trades first, at most `limit` rows. */
export function recentTransactions(payload: unknown, userId: string | undefined, limit: number): TransactionRow[] {
  return listOf(payload, ['trades', 'items'])
    .map(asObj)
    .filter((o): o is Obj => !!o)
    .map((o, index) => ({
      id: firstString(o, ['id']) ?? String(index),
      type: sideOf(o, userId),
      asset: firstString(o, ['instrumentName', 'name', 'asset', 'instrumentId']) ?? '—',
      quantity: firstNumber(o, ['quantity', 'amount']),
      price: firstString(o, ['price']) ?? firstNumber(o, ['price'])?.toString(),
      currency: firstString(o, ['currency']) ?? 'USD',
      time: firstString(o, ['executedAt', 'createdAt', 'timestamp', 'time']),
    }))
    .sort((a, b) => (b.time && a.time ? Date.parse(b.time) - Date.parse(a.time) : 0))
    .slice(0, limit);
}
