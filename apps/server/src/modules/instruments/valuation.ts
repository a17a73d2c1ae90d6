import type { ContractEvent } from '@meridian/actus';
import {
  analyseCashFlows,
  cashFlowsFromEvents,
  macaulayDuration,
  modifiedDuration,
  dv01,
  yieldToMaturity,
  type ZeroCurve,
} from '@meridian/risk';
import type { ContractType, PriceSource, RawActusTerms } from '@meridian/schemas';
import { holderSign } from './engine';

/** Contract types priced by discounting their ACTUS cash flows; the others have no flows that carry their value. */
const MODEL_PRICED: readonly ContractType[] = ['PAM', 'ANN', 'LAM', 'SWPPV', 'SWAPS'];
/** Contract types with a yield to maturity: loans and bonds (a swap's or stock's "yield" would mislead). */
const YIELD_BEARING: readonly ContractType[] = ['PAM', 'ANN', 'LAM'];
/** Initial exchanges are what a buyer pays for the flows, not part of their value. */
const NOT_VALUED = new Set(['PRD', 'IED', 'AD']);

export interface ValuationInput {
  contractType: ContractType;
  terms: RawActusTerms;
  events: readonly ContractEvent[];
  units: bigint;
  /** Zero curve of the currency, null when none is seeded. */
  curve: ZeroCurve | null;
  /** Issuer rating spread, decimal. */
  spread: number;
  /** Last traded price per unit in hundredths, when the instrument has traded. */
  lastPrice: bigint | null;
  /** Valuation time, ISO. */
  now: string;
}

export interface Valuation {
  /** Price per unit in hundredths, null when neither a trade nor a model gives one. */
  price: bigint | null;
  priceSource: PriceSource | null;
  /** Percent per year. */
  yield: number | null;
  duration: number | null;
  modifiedDuration: number | null;
  dv01: number | null;
}

const toMinor = (value: number) => BigInt(Math.round(value * 100));

/**
 * Prices one unit: last trade, else the model (holder's future ACTUS cash flows per unit
 * discounted on the currency curve plus the issuer's rating spread), else, for contracts whose
 * value no scheduled flow carries (stocks, options, futures, guarantees), the issue price.
 * Yield and durations are measured at that price for loans and bonds whose remaining flows are all positive.
 */
export function valueInstrument(input: ValuationInput): Valuation {
  const flows = holderUnitFlows(input);
  const modelled = isModelPriced(input.contractType) && input.curve !== null && flows.length > 0;
  const model = modelled ? analyseCashFlows(flows, input.curve!, input.spread) : null;
  const price = input.lastPrice ?? (model ? toMinor(model.value) : issuePrice(input));
  const priceSource: PriceSource | null =
    input.lastPrice !== null ? 'last' : model ? 'model' : price !== null ? 'issue' : null;
  const empty = { price, priceSource, yield: null, duration: null, modifiedDuration: null };
  if (price === null) return { ...empty, dv01: null };
  const bondLike =
    YIELD_BEARING.includes(input.contractType) &&
    flows.length > 0 &&
    flows.every((flow) => flow.amount > 0) &&
    price > 0n;
  if (!bondLike) return { ...empty, dv01: model ? round(model.dv01, 6) : null };
  const ytm = yieldToMaturity(flows, Number(price) / 100);
  if (ytm === null) return { ...empty, dv01: null };
  return {
    price,
    priceSource,
    yield: round(ytm * 100, 4),
    duration: round(macaulayDuration(flows, ytm), 4),
    modifiedDuration: round(modifiedDuration(flows, ytm), 4),
    dv01: round(dv01(flows, ytm), 6),
  };
}

/** Whether the contract's value is carried by its scheduled ACTUS flows (bonds, loans, swaps). */
export const isModelPriced = (contractType: ContractType) => MODEL_PRICED.includes(contractType);

/** Future cash flows of ONE unit from the holder's side, as valued (initial exchanges excluded). */
export function holderUnitFlows(input: Pick<ValuationInput, 'contractType' | 'terms' | 'events' | 'units' | 'now'>) {
  const perUnit = holderSign(input.terms) / Number(input.units);
  return cashFlowsFromEvents(
    input.events.filter((event) => !NOT_VALUED.has(event.eventType)),
    input.now,
    // OPTNS and FUTUR terms already describe one unit.
    input.contractType === 'OPTNS' || input.contractType === 'FUTUR' ? holderSign(input.terms) : perUnit,
  );
}

/** The price one unit was issued at, from the terms' purchase price (SPEC §9: at par). */
function issuePrice(input: ValuationInput): bigint | null {
  const paid = Number(input.terms.priceAtPurchaseDate);
  if (!Number.isFinite(paid)) return null;
  const perUnit = input.contractType === 'OPTNS' || input.contractType === 'FUTUR' ? paid : paid / Number(input.units);
  return toMinor(perUnit);
}

function round(value: number | null, digits: number): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
