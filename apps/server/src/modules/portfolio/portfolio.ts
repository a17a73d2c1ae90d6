import {
  fromMinorUnits,
  type ContractType,
  type IssuedInventory,
  type PortfolioAnalytics,
  type Position,
} from '@meridian/schemas';

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
  contractType?: ContractType;
  units: bigint;
  reservedUnits: bigint;
  /** Mark price now (last trade, else the instrument's model/issue price), hundredths. */
  price: bigint | null;
  /** Mark at the start of the UTC day: the last trade before it, else null (never traded before today). */
  dayStartPrice: bigint | null;
  /** The user issued this instrument: the units are unsold inventory, not an investment. */
  ownIssue: boolean;
  /** The issuer missed a payment (instrument status `defaulted`). */
  defaulted?: boolean;
}

/** Hundredths of `from` → hundredths of the reporting currency; null when there is no rate. */
export type ToReporting = (amount: bigint, from: string) => bigint | null;

/** Without FX rates only the reporting currency itself converts. */
const sameCurrencyOnly =
  (reporting: string): ToReporting =>
  (amount, from) =>
    from === reporting ? amount : null;

export interface PortfolioInput {
  /** The reporting currency of the totals. */
  currency: string;
  /** Conversion into `currency` (exact decimals, see modules/fx); default: none but `currency` itself. */
  toReporting?: ToReporting;
  cash: { currency: string; total: bigint; reserved: bigint }[];
  /** Units held now (units or reserved > 0), plus instruments traded today and no longer held. */
  holdings: HoldingInput[];
  /** The user's traded movements, or (`basis`) the cost basis already kept from them. */
  movements?: UnitMovement[];
  basis?: Map<string, Basis>;
  totalTrades: number;
  openOrders: number;
  dayStart: Date;
}

export interface Basis {
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

interface CurrencySums {
  value: bigint;
  unrealized: bigint;
  realized: bigint;
  today: bigint;
}

/**
 * Values an investor's portfolio: positions at their mark against the cash paid for them
 * (average cost), realized P&L on sales, and today's P&L = value now - value at the start
 * of the UTC day - cash paid today. Units of the user's own issues are inventory: listed
 * apart, outside value and P&L (a claim on oneself is not an asset; selling it raises cash,
 * which does count). Each currency is summed in that currency, then converted once into the
 * reporting currency; a currency without a rate is named in `notConverted`, never dropped silently.
 */
export function valuePortfolio(input: PortfolioInput): PortfolioAnalytics & { notConverted: string[] } {
  const toReporting = input.toReporting ?? sameCurrencyOnly(input.currency);
  const basis = input.basis ?? costBasis(input.movements ?? [], input.dayStart);
  const sums = new Map<string, CurrencySums>();
  const sumsOf = (currency: string) => {
    let s = sums.get(currency);
    if (!s) sums.set(currency, (s = { value: 0n, unrealized: 0n, realized: 0n, today: 0n }));
    return s;
  };
  const reporting = (amount: bigint, currency: string) => {
    const converted = toReporting(amount, currency);
    return converted === null ? null : fromMinorUnits(converted);
  };
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
        ...(h.contractType ? { contractType: h.contractType } : {}),
        reportingValue: h.price === null ? null : reporting(marketValue, h.currency),
        defaulted: h.defaulted ?? false,
      });
    if (h.price === null) continue;
    const s = sumsOf(h.currency);
    s.value += marketValue;
    s.unrealized += unrealized;
    // Units held at the start of the day are only ever bought (issuers' own units are inventory),
    // so a trade before today exists and marks them.
    const startUnits = h.units - (b?.todayUnits ?? 0n);
    s.today += marketValue - startUnits * (h.dayStartPrice ?? h.price) - (b?.todayCash ?? 0n);
  }
  // Realized P&L of instruments no longer held still counts.
  for (const b of basis.values()) sumsOf(b.currency).realized += b.realized;
  for (const c of input.cash) sumsOf(c.currency).value += c.total;

  const totals = { value: 0n, unrealized: 0n, realized: 0n, today: 0n };
  const notConverted: string[] = [];
  for (const [currency, s] of sums) {
    if (s.value === 0n && s.unrealized === 0n && s.realized === 0n && s.today === 0n) continue;
    const parts = (Object.keys(totals) as (keyof CurrencySums)[]).map((k) => [k, toReporting(s[k], currency)] as const);
    if (parts.some(([, v]) => v === null)) {
      notConverted.push(currency);
      continue;
    }
    for (const [k, v] of parts) totals[k] += v!;
  }
  return {
    currency: input.currency,
    totalPortfolioValue: fromMinorUnits(totals.value),
    totalPnL: fromMinorUnits(totals.unrealized + totals.realized),
    realizedPnL: fromMinorUnits(totals.realized),
    todayPnL: fromMinorUnits(totals.today),
    totalTrades: input.totalTrades,
    openOrders: input.openOrders,
    cash: input.cash.map((c) => ({
      currency: c.currency,
      total: fromMinorUnits(c.total),
      reserved: fromMinorUnits(c.reserved),
      available: fromMinorUnits(c.total - c.reserved),
      reportingValue: reporting(c.total, c.currency),
    })),
    positions,
    issuedInventory,
    notConverted: notConverted.sort(),
  };
}
