import { CancelReason, OrderType, PlaceCode, Side, TimeInForce, type NewOrder } from './types';

/**
 * Book-before / order / book-after tables shared by every MatchingBook implementation.
 * `before` orders are placed in sequence as GTC limit orders (owner = given).
 * Books are written best level first: [price, [[orderId, lots], ...oldest first]].
 */
export type LevelRow = [price: number, orders: [id: number, quantity: number][]];

export interface BookCase {
  name: string;
  before: NewOrder[];
  order: NewOrder;
  code: PlaceCode;
  /** [makerId, price, lots] in execution order. */
  fills?: [number, number, number][];
  resting?: number;
  cancelled?: number;
  reason?: CancelReason;
  after: { bids: LevelRow[]; asks: LevelRow[] };
}

const base = { type: OrderType.LIMIT, timeInForce: TimeInForce.GTC, postOnly: false };

/** A limit buy: id, owner, price, lots (+ overrides). */
export function buy(
  id: number,
  owner: number,
  price: number,
  quantity: number,
  extra: Partial<NewOrder> = {},
): NewOrder {
  return { ...base, id, owner, side: Side.BUY, price, quantity, ...extra };
}

/** A limit sell: id, owner, price, lots (+ overrides). */
export function sell(
  id: number,
  owner: number,
  price: number,
  quantity: number,
  extra: Partial<NewOrder> = {},
): NewOrder {
  return { ...base, id, owner, side: Side.SELL, price, quantity, ...extra };
}

const market = { type: OrderType.MARKET, price: 0 };
const ioc = { timeInForce: TimeInForce.IOC };
const fok = { timeInForce: TimeInForce.FOK };
const A = 1; // owners
const B = 2;
const C = 3;
const asks3 = [sell(1, A, 101, 5), sell(2, B, 101, 3), sell(3, A, 102, 4), sell(4, B, 104, 6)];
const bids3 = [buy(11, A, 99, 5), buy(12, B, 98, 2), buy(13, A, 98, 7)];

export const bookCases: BookCase[] = [
  {
    name: 'limit buy on an empty book rests',
    before: [],
    order: buy(1, A, 100, 10),
    code: PlaceCode.OK,
    resting: 10,
    after: { bids: [[100, [[1, 10]]]], asks: [] },
  },
  {
    name: 'limit sell on an empty book rests',
    before: [],
    order: sell(1, A, 100, 10),
    code: PlaceCode.OK,
    resting: 10,
    after: { bids: [], asks: [[100, [[1, 10]]]] },
  },
  {
    name: 'a buy below the best ask rests without trading',
    before: asks3,
    order: buy(9, C, 100, 4),
    code: PlaceCode.OK,
    resting: 4,
    after: {
      bids: [[100, [[9, 4]]]],
      asks: [
        [
          101,
          [
            [1, 5],
            [2, 3],
          ],
        ],
        [102, [[3, 4]]],
        [104, [[4, 6]]],
      ],
    },
  },
  {
    name: 'a buy at the best ask fills the oldest order exactly',
    before: asks3,
    order: buy(9, C, 101, 5),
    code: PlaceCode.OK,
    fills: [[1, 101, 5]],
    after: {
      bids: [],
      asks: [
        [101, [[2, 3]]],
        [102, [[3, 4]]],
        [104, [[4, 6]]],
      ],
    },
  },
  {
    name: 'a partial fill leaves the maker resting with the rest, keeping its place',
    before: asks3,
    order: buy(9, C, 101, 2),
    code: PlaceCode.OK,
    fills: [[1, 101, 2]],
    after: {
      bids: [],
      asks: [
        [
          101,
          [
            [1, 3],
            [2, 3],
          ],
        ],
        [102, [[3, 4]]],
        [104, [[4, 6]]],
      ],
    },
  },
  {
    name: 'a buy sweeps levels at maker prices up to its limit and rests the remainder',
    before: asks3,
    order: buy(9, C, 102, 20),
    code: PlaceCode.OK,
    fills: [
      [1, 101, 5],
      [2, 101, 3],
      [3, 102, 4],
    ],
    resting: 8,
    after: { bids: [[102, [[9, 8]]]], asks: [[104, [[4, 6]]]] },
  },
  {
    name: 'a sell sweeps bids best first, FIFO within the level',
    before: bids3,
    order: sell(9, C, 98, 8),
    code: PlaceCode.OK,
    fills: [
      [11, 99, 5],
      [12, 98, 2],
      [13, 98, 1],
    ],
    after: { bids: [[98, [[13, 6]]]], asks: [] },
  },
  {
    name: 'a new order at an existing level queues behind the older ones',
    before: bids3,
    order: buy(9, C, 98, 1),
    code: PlaceCode.OK,
    resting: 1,
    after: {
      bids: [
        [99, [[11, 5]]],
        [
          98,
          [
            [12, 2],
            [13, 7],
            [9, 1],
          ],
        ],
      ],
      asks: [],
    },
  },
  {
    name: 'a new best bid goes in front of the ladder',
    before: bids3,
    order: buy(9, C, 100, 1),
    code: PlaceCode.OK,
    resting: 1,
    after: {
      bids: [
        [100, [[9, 1]]],
        [99, [[11, 5]]],
        [
          98,
          [
            [12, 2],
            [13, 7],
          ],
        ],
      ],
      asks: [],
    },
  },
  {
    name: 'a new level between existing ones is inserted in price order',
    before: [sell(1, A, 101, 1), sell(2, A, 105, 1)],
    order: sell(3, B, 103, 2),
    code: PlaceCode.OK,
    resting: 2,
    after: {
      bids: [],
      asks: [
        [101, [[1, 1]]],
        [103, [[3, 2]]],
        [105, [[2, 1]]],
      ],
    },
  },
  {
    name: 'a market buy on an empty book is cancelled for lack of liquidity',
    before: [],
    order: buy(9, C, 0, 5, market),
    code: PlaceCode.OK,
    cancelled: 5,
    reason: CancelReason.NO_LIQUIDITY,
    after: { bids: [], asks: [] },
  },
  {
    name: 'a market buy takes what there is and cancels the remainder',
    before: asks3,
    order: buy(9, C, 0, 30, market),
    code: PlaceCode.OK,
    fills: [
      [1, 101, 5],
      [2, 101, 3],
      [3, 102, 4],
      [4, 104, 6],
    ],
    cancelled: 12,
    reason: CancelReason.NO_LIQUIDITY,
    after: { bids: [], asks: [] },
  },
  {
    name: 'a market sell ignores price and walks the bids',
    before: bids3,
    order: sell(9, C, 0, 6, market),
    code: PlaceCode.OK,
    fills: [
      [11, 99, 5],
      [12, 98, 1],
    ],
    after: {
      bids: [
        [
          98,
          [
            [12, 1],
            [13, 7],
          ],
        ],
      ],
      asks: [],
    },
  },
  {
    name: 'IOC trades what crosses and cancels the remainder',
    before: asks3,
    order: buy(9, C, 101, 10, ioc),
    code: PlaceCode.OK,
    fills: [
      [1, 101, 5],
      [2, 101, 3],
    ],
    cancelled: 2,
    reason: CancelReason.NO_LIQUIDITY,
    after: {
      bids: [],
      asks: [
        [102, [[3, 4]]],
        [104, [[4, 6]]],
      ],
    },
  },
  {
    name: 'IOC that does not cross is cancelled whole',
    before: asks3,
    order: buy(9, C, 100, 10, ioc),
    code: PlaceCode.OK,
    cancelled: 10,
    reason: CancelReason.NO_LIQUIDITY,
    after: {
      bids: [],
      asks: [
        [
          101,
          [
            [1, 5],
            [2, 3],
          ],
        ],
        [102, [[3, 4]]],
        [104, [[4, 6]]],
      ],
    },
  },
  {
    name: 'FOK that can fill trades its whole quantity',
    before: asks3,
    order: buy(9, C, 102, 12, fok),
    code: PlaceCode.OK,
    fills: [
      [1, 101, 5],
      [2, 101, 3],
      [3, 102, 4],
    ],
    after: { bids: [], asks: [[104, [[4, 6]]]] },
  },
  {
    name: 'FOK that cannot fill within its limit is refused and the book is untouched',
    before: asks3,
    order: buy(9, C, 102, 13, fok),
    code: PlaceCode.FOK_NOT_FILLABLE,
    after: {
      bids: [],
      asks: [
        [
          101,
          [
            [1, 5],
            [2, 3],
          ],
        ],
        [102, [[3, 4]]],
        [104, [[4, 6]]],
      ],
    },
  },
  {
    name: 'FOK market order is refused when the whole book is too thin',
    before: bids3,
    order: sell(9, C, 0, 15, { ...market, ...fok }),
    code: PlaceCode.FOK_NOT_FILLABLE,
    after: {
      bids: [
        [99, [[11, 5]]],
        [
          98,
          [
            [12, 2],
            [13, 7],
          ],
        ],
      ],
      asks: [],
    },
  },
  {
    name: 'FOK is refused when its own resting order would stop it (self-trade)',
    before: asks3,
    order: buy(9, B, 104, 6, fok),
    code: PlaceCode.FOK_NOT_FILLABLE,
    after: {
      bids: [],
      asks: [
        [
          101,
          [
            [1, 5],
            [2, 3],
          ],
        ],
        [102, [[3, 4]]],
        [104, [[4, 6]]],
      ],
    },
  },
  {
    name: 'post-only that would cross is refused',
    before: asks3,
    order: buy(9, C, 101, 1, { postOnly: true }),
    code: PlaceCode.POST_ONLY_WOULD_CROSS,
    after: {
      bids: [],
      asks: [
        [
          101,
          [
            [1, 5],
            [2, 3],
          ],
        ],
        [102, [[3, 4]]],
        [104, [[4, 6]]],
      ],
    },
  },
  {
    name: 'post-only that does not cross rests',
    before: asks3,
    order: buy(9, C, 100, 1, { postOnly: true }),
    code: PlaceCode.OK,
    resting: 1,
    after: {
      bids: [[100, [[9, 1]]]],
      asks: [
        [
          101,
          [
            [1, 5],
            [2, 3],
          ],
        ],
        [102, [[3, 4]]],
        [104, [[4, 6]]],
      ],
    },
  },
  {
    name: 'post-only market is an invalid combination',
    before: [],
    order: buy(9, C, 0, 1, { ...market, postOnly: true }),
    code: PlaceCode.INVALID_ORDER,
    after: { bids: [], asks: [] },
  },
  {
    name: 'post-only IOC is an invalid combination',
    before: [],
    order: buy(9, C, 5, 1, { ...ioc, postOnly: true }),
    code: PlaceCode.INVALID_ORDER,
    after: { bids: [], asks: [] },
  },
  {
    name: 'self-trade prevention cancels the incoming order when it reaches its own order first',
    before: asks3,
    order: buy(9, A, 104, 10),
    code: PlaceCode.OK,
    cancelled: 10,
    reason: CancelReason.SELF_TRADE,
    after: {
      bids: [],
      asks: [
        [
          101,
          [
            [1, 5],
            [2, 3],
          ],
        ],
        [102, [[3, 4]]],
        [104, [[4, 6]]],
      ],
    },
  },
  {
    name: 'self-trade prevention keeps earlier fills and cancels only the remainder',
    before: [sell(1, B, 101, 2), sell(2, A, 101, 5), sell(3, B, 102, 4)],
    order: buy(9, A, 102, 10),
    code: PlaceCode.OK,
    fills: [[1, 101, 2]],
    cancelled: 8,
    reason: CancelReason.SELF_TRADE,
    after: {
      bids: [],
      asks: [
        [101, [[2, 5]]],
        [102, [[3, 4]]],
      ],
    },
  },
  {
    name: 'a duplicate live id is refused',
    before: bids3,
    order: sell(11, C, 120, 1),
    code: PlaceCode.DUPLICATE_ID,
    after: {
      bids: [
        [99, [[11, 5]]],
        [
          98,
          [
            [12, 2],
            [13, 7],
          ],
        ],
      ],
      asks: [],
    },
  },
  {
    name: 'zero quantity is refused',
    before: [],
    order: buy(9, C, 100, 0),
    code: PlaceCode.INVALID_QUANTITY,
    after: { bids: [], asks: [] },
  },
  {
    name: 'fractional quantity is refused',
    before: [],
    order: buy(9, C, 100, 1.5),
    code: PlaceCode.INVALID_QUANTITY,
    after: { bids: [], asks: [] },
  },
  {
    name: 'a limit price of zero is refused',
    before: [],
    order: buy(9, C, 0, 1),
    code: PlaceCode.INVALID_PRICE,
    after: { bids: [], asks: [] },
  },
  {
    name: 'a fractional tick is refused',
    before: [],
    order: sell(9, C, 100.5, 1),
    code: PlaceCode.INVALID_PRICE,
    after: { bids: [], asks: [] },
  },
  {
    name: 'an unknown side is refused',
    before: [],
    order: { ...buy(9, C, 100, 1), side: 7 as never },
    code: PlaceCode.INVALID_ORDER,
    after: { bids: [], asks: [] },
  },
];

export interface CancelCase {
  name: string;
  before: NewOrder[];
  cancel: number;
  ok: boolean;
  after: { bids: LevelRow[]; asks: LevelRow[] };
}

export const cancelCases: CancelCase[] = [
  {
    name: 'cancel the head of a level',
    before: bids3,
    cancel: 12,
    ok: true,
    after: {
      bids: [
        [99, [[11, 5]]],
        [98, [[13, 7]]],
      ],
      asks: [],
    },
  },
  {
    name: 'cancel the tail of a level',
    before: bids3,
    cancel: 13,
    ok: true,
    after: {
      bids: [
        [99, [[11, 5]]],
        [98, [[12, 2]]],
      ],
      asks: [],
    },
  },
  {
    name: 'cancel the middle of a level',
    before: [...bids3, buy(14, C, 98, 1)],
    cancel: 13,
    ok: true,
    after: {
      bids: [
        [99, [[11, 5]]],
        [
          98,
          [
            [12, 2],
            [14, 1],
          ],
        ],
      ],
      asks: [],
    },
  },
  {
    name: 'cancelling the last order removes the level',
    before: bids3,
    cancel: 11,
    ok: true,
    after: {
      bids: [
        [
          98,
          [
            [12, 2],
            [13, 7],
          ],
        ],
      ],
      asks: [],
    },
  },
  {
    name: 'cancel a level deep in the asks',
    before: asks3,
    cancel: 3,
    ok: true,
    after: {
      bids: [],
      asks: [
        [
          101,
          [
            [1, 5],
            [2, 3],
          ],
        ],
        [104, [[4, 6]]],
      ],
    },
  },
  {
    name: 'an unknown id is reported, nothing changes',
    before: bids3,
    cancel: 77,
    ok: false,
    after: {
      bids: [
        [99, [[11, 5]]],
        [
          98,
          [
            [12, 2],
            [13, 7],
          ],
        ],
      ],
      asks: [],
    },
  },
];
