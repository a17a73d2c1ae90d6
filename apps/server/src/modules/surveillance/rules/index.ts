// The market-abuse rules, one file per rule (pure functions over facts the scanner loads).
export { DAY_MS, RULE_PARAMETERS, type Detection, type OrderFact, type TradeFact } from './facts';
export { detectConcentration, type TakerShare } from './concentration';
export { closingWindow, detectMarkingClose } from './marking-close';
export { detectPriceRamping, RampWindow } from './price-ramping';
export { detectSpoofing } from './spoofing';
export { detectWashTrades } from './wash-trade';
