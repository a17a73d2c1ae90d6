/** The APY tooltip (issue 12): what the figure means, in words. */
export const APY_DEFINITION =
  'APY = (spread earnings + inventory P&L over the last 24 hours) ÷ capital committed (resting bids + inventory at the mark) × 365';
/** Spread shown by default in the Adjust Spreads dialog, basis points. */
export const DEFAULT_SPREAD_BP = 30;
