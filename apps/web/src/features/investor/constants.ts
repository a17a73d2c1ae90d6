/** SPEC §2: Holdings Distribution shows eight named holdings. */
export const HOLDINGS_SHOWN = 8;
/** Rows of the Recent Transactions table. */
export const RECENT_TRANSACTIONS_ROWS = 8;
/** Instruments listed under Market Overview (largest 24 h moves). */
export const MARKET_MOVERS_SHOWN = 5;
