export { TRANSACTIONS_REFRESH_MS, useRecentTransactions } from './hooks';
export { latestTransactions, tradeTransaction, type Transaction } from './transactions';
