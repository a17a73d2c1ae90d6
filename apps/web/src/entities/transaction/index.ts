export { getMyServicingPayments } from './api';
export { TRANSACTIONS_REFRESH_MS, useMyServicingPayments, useRecentTransactions } from './hooks';
export { servicingPaymentKeys } from './keys';
export {
  latestTransactions,
  PAYMENT_TYPE_NAMES,
  paymentTransaction,
  tradeTransaction,
  type Transaction,
} from './transactions';
