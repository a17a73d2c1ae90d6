import { OrderType, PlaceCode, TimeInForce, type NewOrder } from './types';

/**
 * Checks an incoming order on its own (not against the book). Shared by both books so
 * they refuse exactly the same inputs.
 */
export function validateOrder(order: NewOrder): PlaceCode {
  if (!Number.isSafeInteger(order.id)) return PlaceCode.INVALID_ORDER;
  if (!Number.isSafeInteger(order.owner)) return PlaceCode.INVALID_ORDER;
  if (order.side !== 0 && order.side !== 1) return PlaceCode.INVALID_ORDER;
  if (order.type !== OrderType.LIMIT && order.type !== OrderType.MARKET) return PlaceCode.INVALID_ORDER;
  const tif = order.timeInForce;
  if (tif !== TimeInForce.GTC && tif !== TimeInForce.IOC && tif !== TimeInForce.FOK) return PlaceCode.INVALID_ORDER;
  if (!Number.isSafeInteger(order.quantity) || order.quantity <= 0) return PlaceCode.INVALID_QUANTITY;
  if (order.type === OrderType.LIMIT && (!Number.isSafeInteger(order.price) || order.price <= 0)) {
    return PlaceCode.INVALID_PRICE;
  }
  if (order.postOnly && (order.type === OrderType.MARKET || tif !== TimeInForce.GTC)) return PlaceCode.INVALID_ORDER;
  return PlaceCode.OK;
}
