import type { PriceLadder } from './price-ladder';
import { NIL, type LevelPool, type OrderPool } from './slot-pools';
import { Side } from './types';

/** Walks every structure of the fast book and lists what disagrees. For tests only. */
export function checkFastBook(
  ladders: readonly [PriceLadder, PriceLadder],
  levels: LevelPool,
  orders: OrderPool,
  index: Map<number, number>,
): string[] {
  const problems: string[] = [];
  let counted = 0;
  for (const side of [Side.BUY, Side.SELL]) {
    const ladder = ladders[side];
    if (!ladder.isConsistent((slot) => levels.price[slot]!)) problems.push(`ladder ${side} inconsistent`);
    for (let rank = 0; rank < ladder.length; rank++) {
      const level = ladder.at(rank);
      let quantity = 0;
      let count = 0;
      let prev = NIL;
      for (let slot = levels.head[level]!; slot !== NIL; slot = orders.next[slot]!) {
        if (orders.prev[slot] !== prev) problems.push(`order slot ${slot}: broken back link`);
        if (orders.level[slot] !== level || levels.side[level] !== side)
          problems.push(`order slot ${slot}: wrong level`);
        if (!(orders.quantity[slot]! > 0)) problems.push(`order slot ${slot}: quantity ${orders.quantity[slot]}`);
        if (index.get(orders.id[slot]!) !== slot) problems.push(`order ${orders.id[slot]} missing from the index`);
        quantity += orders.quantity[slot]!;
        count++;
        prev = slot;
      }
      if (levels.tail[level] !== prev) problems.push(`level ${levels.price[level]}: wrong tail`);
      if (count === 0 || count !== levels.count[level]) problems.push(`level ${levels.price[level]}: count ${count}`);
      if (quantity !== levels.quantity[level]) problems.push(`level ${levels.price[level]}: quantity ${quantity}`);
      counted += count;
    }
  }
  if (counted !== index.size) problems.push(`index holds ${index.size} orders, levels ${counted}`);
  const [bids, asks] = ladders;
  if (bids.length > 0 && asks.length > 0 && levels.price[bids.best()]! >= levels.price[asks.best()]!) {
    problems.push('book is crossed');
  }
  return problems;
}
