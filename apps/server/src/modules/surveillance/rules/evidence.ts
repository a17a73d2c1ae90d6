import type { TradeFact } from './facts';

// How the rules word their evidence: instants, days and hours in UTC, prices in minor units as
// decimals, shares as percentages, and who the aggressive side of a trade was.

export const iso = (ms: number) => new Date(ms).toISOString();
export const day = (ms: number) => iso(ms).slice(0, 10);
export const hour = (ms: number) => iso(ms).slice(0, 13);
export const price = (minor: bigint) => {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};
export const pct = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;
export const aggressor = (t: TradeFact) => (t.takerSide === 'buy' ? t.buyer : t.seller);
export const aggressorUser = (t: TradeFact) => (t.takerSide === 'buy' ? t.buyerId : t.sellerId);
export const tradeEvent = (t: TradeFact) => ({
  at: iso(t.at),
  event: `Trade ${t.quantity} @ ${price(t.price)} (${t.takerSide === 'buy' ? 'buyer' : 'seller'} aggressive)`,
});
