export { cancelOrder, getMyOrders, placeOrder } from './api';
export { applyOrder } from './cache';
export { MY_ORDERS_POLL_MS, useCancelOrder, useMyOrders, usePlaceOrder, type OrderCallbacks } from './hooks';
export { orderKeys } from './keys';
