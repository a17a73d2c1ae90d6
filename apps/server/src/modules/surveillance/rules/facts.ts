import type { CaseSeverity, SurveillanceRule } from '@meridian/schemas';

// What the market-abuse rules (this folder, one file per rule, pure functions over the platform's
// real order and trade flow) judge and return: the scanner (scanner.ts) loads the facts a batch of
// new trades needs and persists the detections. Participant = the beneficial owner: the user's
// organisation, or the user itself for accounts without one (the operator's desks). Parameters
// are named and documented in RULE_PARAMETERS.

export interface TradeFact {
  id: string;
  sequence: bigint;
  instrumentId: string;
  /** Hundredths of the instrument currency per unit. */
  price: bigint;
  quantity: bigint;
  takerSide: 'buy' | 'sell';
  at: number;
  buyOrderId: string;
  sellOrderId: string;
  buyerId: string;
  sellerId: string;
  buyer: string;
  seller: string;
}

export interface OrderFact {
  id: string;
  userId: string;
  participant: string;
  instrumentId: string;
  side: 'buy' | 'sell';
  price: bigint | null;
  quantity: bigint;
  filledQuantity: bigint;
  status: string;
  createdAt: number;
  updatedAt: number;
}

export interface Detection {
  rule: SurveillanceRule;
  dedupeKey: string;
  severity: CaseSeverity;
  participant: string;
  subjectUserId: string | null;
  instrumentId: string;
  summary: string;
  figures: Record<string, string>;
  orderIds: string[];
  tradeIds: string[];
  timeline: { at: string; event: string }[];
}

export const RULE_PARAMETERS = {
  wash_trade: {
    description: 'Both sides of a trade belong to one beneficial owner (organisation, or one account).',
  },
  spoofing: {
    description:
      'After a fill, the same participant cancels resting orders on the opposite side, near the fill price and much larger than it, shortly after.',
    /** The cancellation must follow the fill within this time. */
    cancelWithinMs: 30_000,
    /** Cancelled (unfilled) quantity at least this multiple of the fill. */
    sizeMultiple: 5n,
    /** Cancelled orders priced within this fraction of the fill price. */
    priceBand: 0.02,
    /** High severity from this multiple of the fill. */
    highSizeMultiple: 20n,
  },
  marking_close: {
    description:
      'In the last minutes before the daily close (00:00 UTC), one participant drives most of the aggressive volume and moves the closing price.',
    windowMs: 10 * 60_000,
    minMove: 0.01,
    highMove: 0.03,
    minAggressiveShare: 0.5,
  },
  price_ramping: {
    description:
      'Within a short window the price moves abnormally, and one participant took most of the volume in the direction of the move.',
    windowMs: 5 * 60_000,
    minMove: 0.05,
    highMove: 0.1,
    minAggressiveShare: 0.6,
    minTrades: 3,
  },
  concentration: {
    description:
      "One participant takes (aggressively) over a share of an instrument's traded quantity in a day; resting liquidity providers are not takers, and the operator's own accounts (no organisation: the demo order flow stands for many clients) are not judged.",
    minShare: 0.5,
    minTrades: 20,
  },
} as const;

export const DAY_MS = 86_400_000;
