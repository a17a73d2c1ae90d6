import { fromMinorUnits, type IssuedInventory, type PortfolioAnalytics, type Position } from '@meridian/schemas';

/** One traded movement of a user's units of an instrument (never their own issue), in time order. */
export interface UnitMovement {
  instrumentId: string;
  currency: string;
  /** Signed units: + received, - delivered. */
  units: bigint;
  /** Cash actually paid (+) or received (-) for them in the trade, hundredths. */
  cash: bigint;
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
  /** Mark at the start of the UTC day: the last trade before it, else null (never traded before today). */
  dayStartPrice: bigint | null;
  /** The user issued this instrument: the units are unsold inventory, not an investment. */
  ownIssue: boolean;
}

export interface PortfolioInput {
  currency: string;
  cash: { currency: string; total: bigint; reserved: bigint }[];
  /** Units held now (units or reserved > 0), plus instruments traded today and no longer held. */
  holdings: HoldingInput[];
  movements: UnitMovement[];
  totalTrades: number;
  openOrders: number;
  dayStart: Date;
}

interface Basis {
  currency: string;
  units: bigint;
  cost: bigint;
  realized: bigint;
  /** Cash paid (+) / received (-) today and units moved today. */
  todayCash: bigint;
  todayUnits: bigint;
}

/** Average-cost basis per instrument from the user's trades; a delivery releases cost pro rata and realizes the rest. */
export function costBasis(movements: readonly UnitMovement[], dayStart: Date): Map<string, Basis> {
  const basis = new Map<string, Basis>();
  for (const m of movements) {
    const b = basis.get(m.instrumentId) ?? {
      currency: m.currency,
      units: 0n,
      cost: 0n,
      realized: 0n,
      todayCash: 0n,
      todayUnits: 0n,
    };
    if (m.units > 0n) {
      b.cost += m.cash;
    } else if (b.units > 0n) {
      const released = (b.cost * -m.units) / b.units;
      b.realized += -m.cash - released;
      b.cost -= released;
    }
    b.units += m.units;
    if (m.at >= dayStart) {
      b.todayCash += m.cash;
      b.todayUnits += m.units;
    }
    basis.set(m.instrumentId, b);
  }
  return basis;
}

/**
 * Values an investor's portfolio: positions at their mark against the cash paid for them
 * (average cost), realized P&L on sales, and today's P&L = value now - value at the start
 * of the UTC day - cash paid today. Units of the user's own issues are inventory: listed
 * apart, outside value and P&L (a claim on oneself is not an asset; selling it raises cash,
 * which does count). Totals cover `currency` only: there are no FX rates to convert the rest.
 */
export function valuePortfolio(input: PortfolioInput): PortfolioAnalytics {
  const basis = costBasis(input.movements, input.dayStart);
  let value = 0n;
  let unrealizedTotal = 0n;
  let today = 0n;
  const positions: Position[] = [];
  const issuedInventory: IssuedInventory[] = [];
  for (const h of input.holdings) {
    const marketValue = h.price === null ? 0n : h.price * h.units;
    const held = h.units > 0n || h.reservedUnits > 0n;
    const common = {
      instrumentId: h.instrumentId,
      instrumentName: h.name,
      currency: h.currency,
      units: Number(h.units),
      reservedUnits: Number(h.reservedUnits),
    };
    const price = h.price === null ? null : fromMinorUnits(h.price);
    if (h.ownIssue) {
      if (held) issuedInventory.push({ ...common, price, marketValue: fromMinorUnits(marketValue) });
      continue;
    }
    const b = basis.get(h.instrumentId);
    const cost = b?.cost ?? 0n;
    const unrealized = h.price === null ? 0n : marketValue - cost;
    if (held)
      positions.push({
        ...common,
        price,
        marketValue: fromMinorUnits(marketValue),
        costBasis: fromMinorUnits(cost),
        unrealizedPnL: fromMinorUnits(unrealized),
      });
    if (h.currency !== input.currency || h.price === null) continue;
    value += marketValue;
    unrealizedTotal += unrealized;
    // Units held at the start of the day are only ever bought (issuers' own units are inventory),
    // so a trade before today exists and marks them.
    const startUnits = h.units - (b?.todayUnits ?? 0n);
    today += marketValue - startUnits * (h.dayStartPrice ?? h.price) - (b?.todayCash ?? 0n);
  }
  // Realized P&L of instruments no longer held still counts.
  let realized = 0n;
  for (const b of basis.values()) if (b.currency === input.currency) realized += b.realized;
  const cashHere = input.cash.find((c) => c.currency === input.currency)?.total ?? 0n;
  return {
    currency: input.currency,
    totalPortfolioValue: fromMinorUnits(value + cashHere),
    totalPnL: fromMinorUnits(unrealizedTotal + realized),
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
    issuedInventory,
  };
}
