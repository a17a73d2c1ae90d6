import {
  placeOrderSchema,
  priceTickIssue,
  TRADING_MESSAGES,
  type OrderKind,
  type OrderSide,
  type PlaceOrderInput,
} from '@meridian/schemas';
import { CONFIRM_SHARE_PERCENT, TRADING_TOASTS } from '../constants';
import { normalizeNumberInput, parseUnits, toSignedMinor } from '@/lib/decimal';
import type { Availability } from './available';

/** What the Place Order panel holds while the user types. */
export type OrderFormState = {
  side: OrderSide;
  type: OrderKind;
  quantity: string;
  price: string;
};

export const INITIAL_ORDER_FORM: OrderFormState = { side: 'buy', type: 'market', quantity: '', price: '' };

/** The typed fields a problem can be shown on. */
export type OrderField = 'quantity' | 'price';

export type OrderDraft =
  { ok: true; order: PlaceOrderInput } | { ok: false; title: string; description: string; field?: OrderField };

/** Shown under a field left empty (the toast says SPEC §5's 'Please fill in all required fields'). */
export const FIELD_REQUIRED = {
  quantity: 'Enter a quantity',
  price: 'Enter a limit price',
} as const;

/** SPEC §4: the submit button is enabled once an instrument and a quantity are set. */
export function canSubmitOrder(instrumentId: string | null, form: OrderFormState, pending: boolean): boolean {
  return !pending && Boolean(instrumentId) && form.quantity.trim() !== '';
}

/** The quantity and price as the server reads them: '1,000' becomes '1000'. */
export function normalizedForm(form: OrderFormState): OrderFormState {
  return { ...form, quantity: normalizeNumberInput(form.quantity), price: normalizeNumberInput(form.price) };
}

/**
 * Turns the panel into a `POST /api/orders` body. Missing instrument, quantity, or price on
 * a limit order gives SPEC §5's 'Invalid Order' toast; other problems carry the shared
 * schema's message. Each problem names the field it belongs to, for the inline error. The
 * price is sent only for limit orders (SPEC §4), on the tick of the instrument's `currency`
 * (whole yen in JPY, decision 0060), as the server checks it.
 */
export function draftOrder(instrumentId: string | null, typed: OrderFormState, currency?: string): OrderDraft {
  const form = normalizedForm(typed);
  const { quantity, price } = form;
  if (!instrumentId) return { ok: false, ...TRADING_TOASTS.invalidOrder };
  if (quantity === '') return { ok: false, ...TRADING_TOASTS.invalidOrder, field: 'quantity' };
  if (form.type === 'limit' && price === '') return { ok: false, ...TRADING_TOASTS.invalidOrder, field: 'price' };
  const invalid = (description: string, field?: OrderField): OrderDraft => ({
    ok: false,
    title: TRADING_TOASTS.invalidOrder.title,
    description,
    ...(field ? { field } : {}),
  });
  // The schema's union reports any bad quantity as missing; say what is wrong instead.
  if (parseUnits(quantity) === null) return invalid(TRADING_MESSAGES.invalidQuantity, 'quantity');
  const order: PlaceOrderInput = {
    instrumentId,
    orderType: form.side,
    type: form.type,
    quantity,
    ...(form.type === 'limit' ? { price } : {}),
  };
  const checked = placeOrderSchema.safeParse(order);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue?.path[0] === 'price' || issue?.path[0] === 'quantity' ? issue.path[0] : undefined;
    return invalid(issue?.message ?? TRADING_TOASTS.invalidOrder.description, field);
  }
  const offTick = form.type === 'limit' && currency ? priceTickIssue(price, currency) : null;
  if (offTick) return invalid(offTick, 'price');
  return { ok: true, order };
}

/**
 * Why an order deserves a second look before it is sent, or null: every market order (it
 * takes whatever the book offers), and any order committing more than CONFIRM_SHARE_PERCENT
 * of what is available (cash for a buy at the estimated total, units for a sell).
 */
export function confirmationReason(
  order: PlaceOrderInput,
  estimatedTotal: string | null,
  available: Availability | null,
): string | null {
  if (order.type === 'market') return 'A market order fills at the best prices in the book, whatever they are.';
  if (!available) return null;
  const share = BigInt(CONFIRM_SHARE_PERCENT);
  if (available.kind === 'cash') {
    const total = toSignedMinor(estimatedTotal);
    const cash = toSignedMinor(available.amount);
    if (total === null || cash === null) return null;
    return total * 100n > cash * share
      ? `This order commits more than ${CONFIRM_SHARE_PERCENT}% of your available balance.`
      : null;
  }
  const units = parseUnits(String(order.quantity));
  return units !== null && units * 100n > BigInt(available.units) * share
    ? `This order sells more than ${CONFIRM_SHARE_PERCENT}% of your available units.`
    : null;
}
