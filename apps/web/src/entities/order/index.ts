export { cancelOrder, getMyOrderPage, getMyOrders, placeOrder, type OrderPage } from './api';
export { applyOrder } from './cache';
export {
  MY_ORDERS_POLL_MS,
  useCancelOrder,
  useMyOrders,
  useOrderHistory,
  usePlaceOrder,
  type OrderCallbacks,
} from './hooks';
export { orderKeys } from './keys';
