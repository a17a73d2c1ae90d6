import {
  placeOrderSchema,
  TRADING_MESSAGES,
  type OrderKind,
  type OrderSide,
  type PlaceOrderInput,
} from '@meridian/schemas';
import { TRADING_TOASTS } from '../constants';
import { parseUnits } from '@/lib/decimal';

/** What the Place Order panel holds while the user types. */
export type OrderFormState = {
  side: OrderSide;
  type: OrderKind;
  quantity: string;
  price: string;
};

export const INITIAL_ORDER_FORM: OrderFormState = { side: 'buy', type: 'market', quantity: '', price: '' };

export type OrderDraft = { ok: true; order: PlaceOrderInput } | { ok: false; title: string; description: string };

/** SPEC §4: the submit button is enabled once an instrument and a quantity are set. */
export function canSubmitOrder(instrumentId: string | null, form: OrderFormState, pending: boolean): boolean {
  return !pending && Boolean(instrumentId) && form.quantity.trim() !== '';
}

/**
 * Turns the panel into a `POST /api/orders` body. Missing instrument, quantity, or price on
 * a limit order gives SPEC §5's 'Invalid Order' toast; other problems carry the shared
 * schema's message. The price is sent only for limit orders (SPEC §4).
 */
export function draftOrder(instrumentId: string | null, form: OrderFormState): OrderDraft {
  const quantity = form.quantity.trim();
  const price = form.price.trim();
  if (!instrumentId || quantity === '' || (form.type === 'limit' && price === '')) {
    return { ok: false, ...TRADING_TOASTS.invalidOrder };
  }
  const invalid = (description: string): OrderDraft => ({
    ok: false,
    title: TRADING_TOASTS.invalidOrder.title,
    description,
  });
  // The schema's union reports any bad quantity as missing; say what is wrong instead.
  if (parseUnits(quantity) === null) return invalid(TRADING_MESSAGES.invalidQuantity);
  const order: PlaceOrderInput = {
    instrumentId,
    orderType: form.side,
    type: form.type,
    quantity,
    ...(form.type === 'limit' ? { price } : {}),
  };
  const checked = placeOrderSchema.safeParse(order);
  if (!checked.success) return invalid(checked.error.issues[0]?.message ?? TRADING_TOASTS.invalidOrder.description);
  return { ok: true, order };
}
