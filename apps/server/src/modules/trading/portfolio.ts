import { fromMinorUnits, type PortfolioAnalytics, type Position } from '@meridian/schemas';

/** One movement of a user's units of an instrument, in time order. */
export interface UnitMovement {
  instrumentId: string;
  currency: string;
  /** Signed units: + received, - delivered. */
  units: bigint;
  /** Cash paid (+) or received (-) for them, hundredths; issued units carry their par value. */
  cost: bigint;
  at: Date;
}

export interface HoldingInput {
  instrumentId: string;
  name: string;
  currency: string;
  units: bigint;
  reservedUnits: bigint;
  /** Mark price now (last trade, else the instrument's model/issue price), hundredths. */
  price: bigint | null;
  /** Mark at the start of the UTC day (last trade before it), else null. */
  dayStartPrice: bigint | null;
}

export interface PortfolioInput {
  currency: string;
  cash: { currency: string; total: bigint; reserved: bigint }[];
  holdings: HoldingInput[];
  movements: UnitMovement[];
  totalTrades: number;
  openOrders: number;
  dayStart: Date;
}

/**
 * Values a portfolio: positions at their mark, average-cost basis from the user's own
 * movements (realized P&L on deliveries), and today's mark-to-market P&L. Totals cover
 * holdings in `currency` only: the platform has no FX rates to convert the others.
 */
export function valuePortfolio(input: PortfolioInput): PortfolioAnalytics {
  const basis = new Map<string, { currency: string; units: bigint; cost: bigint; realized: bigint; todayFlow: bigint; todayUnits: bigint }>();
  for (const m of input.movements) {
    const b = basis.get(m.instrumentId) ?? { currency: m.currency, units: 0n, cost: 0n, realized: 0n, todayFlow: 0n, todayUnits: 0n };
    if (m.units > 0n) {
      b.cost += m.cost;
    } else if (b.units > 0n) {
      const released = (b.cost * -m.units) / b.units;
      b.realized += -m.cost - released;
      b.cost -= released;
    }
    b.units += m.units;
    if (m.at >= input.dayStart) {
      b.todayFlow -= m.cost;
      b.todayUnits += m.units;
    }
    basis.set(m.instrumentId, b);
  }

  let value = 0n;
  let pnl = 0n;
  let realized = 0n;
  let today = 0n;
  const positions: Position[] = [];
  for (const h of input.holdings) {
    const b = basis.get(h.instrumentId);
    const cost = b?.cost ?? 0n;
    const marketValue = h.price === null ? 0n : h.price * h.units;
    const unrealized = h.price === null ? 0n : marketValue - cost;
    positions.push({
      instrumentId: h.instrumentId,
      instrumentName: h.name,
      currency: h.currency,
      units: Number(h.units),
      reservedUnits: Number(h.reservedUnits),
      price: h.price === null ? null : fromMinorUnits(h.price),
      marketValue: fromMinorUnits(marketValue),
      costBasis: fromMinorUnits(cost),
      unrealizedPnL: fromMinorUnits(unrealized),
    });
    if (h.currency !== input.currency) continue;
    value += marketValue;
    pnl += unrealized + (b?.realized ?? 0n);
    realized += b?.realized ?? 0n;
    if (h.price !== null) {
      const startUnits = h.units - (b?.todayUnits ?? 0n);
      today += h.price * h.units - startUnits * (h.dayStartPrice ?? h.price) + (b?.todayFlow ?? 0n);
    }
  }
  // Realized P&L of instruments no longer held still counts.
  for (const [id, b] of basis) {
    const held = input.holdings.find((h) => h.instrumentId === id);
    if (!held && b.currency === input.currency && b.realized !== 0n) {
      pnl += b.realized;
      realized += b.realized;
    }
  }
  const cashHere = input.cash.find((c) => c.currency === input.currency)?.total ?? 0n;
  return {
    currency: input.currency,
    totalPortfolioValue: fromMinorUnits(value + cashHere),
    totalPnL: fromMinorUnits(pnl),
    realizedPnL: fromMinorUnits(realized),
    todayPnL: fromMinorUnits(today),
    totalTrades: input.totalTrades,
    openOrders: input.openOrders,
    cash: input.cash.map((c) => ({
      currency: c.currency,
      total: fromMinorUnits(c.total),
      reserved: fromMinorUnits(c.reserved),
      available: fromMinorUnits(c.total - c.reserved),
    })),
    positions,
  };
}
