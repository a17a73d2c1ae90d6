// The order stream of bench:orders for its in-process run (orders.lua sends the same stream over HTTP).

/** mulberry32, so every run sends the same orders. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Limit orders around 100.00: buys 99.50..100.05, sells 99.95..100.50, so some cross and trade. */
export function nextOrder(rnd, instrumentId) {
  const buy = rnd() < 0.5;
  const offset = Math.floor(rnd() * 56);
  const cents = buy ? 9_950 + offset : 10_050 - offset;
  return {
    instrumentId,
    orderType: buy ? 'buy' : 'sell',
    type: 'limit',
    quantity: 1 + Math.floor(rnd() * 10),
    price: (cents / 100).toFixed(2),
  };
}
