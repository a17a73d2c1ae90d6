import type { Order } from '@meridian/schemas';
import { formatCurrency, formatNumber } from '@/lib/format';

const verb = (order: Order) => (order.orderType === 'buy' ? 'Buy' : 'Sell');

/** Average fill price as currency; the API gives it with 4 decimals. */
function averagePrice(order: Order): string {
  return order.averagePrice === null ? '' : ` at ${formatCurrency(order.averagePrice, order.currency)} average`;
}

/** The success toast's description: what the order did on arrival, in the user's words. */
export function orderOutcome(order: Order): string {
  const head = `${verb(order)} ${formatNumber(order.quantity)} ${order.instrumentName}`;
  const filled = formatNumber(order.filledQuantity);
  if (order.status === 'filled') return `${head}: filled${averagePrice(order)}.`;
  if (order.status === 'open') {
    const resting = order.price === null ? '' : ` at ${formatCurrency(order.price, order.currency)}`;
    return order.filledQuantity > 0
      ? `${head}: ${filled} filled${averagePrice(order)}, ${formatNumber(order.remainingQuantity)} resting${resting}.`
      : `${head}: resting in the book${resting}.`;
  }
  const why = order.cancelReason === 'self_trade' ? 'it would have traded with your own order' : 'no more liquidity';
  return order.filledQuantity > 0
    ? `${head}: ${filled} filled${averagePrice(order)}; the rest was cancelled (${why}).`
    : `${head}: cancelled (${why}).`;
}
