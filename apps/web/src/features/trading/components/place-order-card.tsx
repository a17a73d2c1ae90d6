import type { InstrumentListItem, PlaceOrderInput } from '@meridian/schemas';
import { ShoppingCart } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { usePlaceOrder } from '@/entities/order';
import { toast } from '@/hooks/use-toast';
import { SentForApproval } from '@/components/sent-for-approval';
import { errorMessage } from '@/lib/api';
import { sentForApprovalNotice, type SentForApprovalNotice } from '@/lib/sent-for-approval';
import { formatCurrency, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { EMPTY_STATES, TRADING_TOASTS } from '../constants';
import { orderOutcome } from '../lib/order-summary';
import { estimatedTotal } from '@/lib/estimated-total';
import type { Availability } from '../lib/available';
import {
  canSubmitOrder,
  confirmationReason,
  draftOrder,
  FIELD_REQUIRED,
  INITIAL_ORDER_FORM,
  normalizedForm,
  type OrderField,
  type OrderFormState,
} from '../lib/order-form';
import { EmptyState } from './empty-state';
import { SideToggle } from './side-toggle';

type Props = {
  instrument: InstrumentListItem | undefined;
  /** Last trade, else model price: the estimate when no price is typed. */
  currentPrice: string | null;
  /** What the user can commit for the chosen side (cash or units); null while unknown. */
  available: (side: OrderFormState['side']) => Availability | null;
};

const formatAvailable = (available: Availability | null) =>
  available === null
    ? null
    : available.kind === 'cash'
      ? formatCurrency(available.amount, available.currency)
      : `${formatNumber(available.units)} units`;

/** An order waiting for its second Enter, with why it asks. */
type Pending = { order: PlaceOrderInput; reason: string; total: string | null };

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs text-destructive">
      {message}
    </p>
  );
}

/** Place Order (SPEC §2, §4, §5, §8): buy/sell, market (default) or limit, quantity, price for limit. */
export function PlaceOrderCard({ instrument, currentPrice, available }: Props) {
  const [form, setForm] = useState<OrderFormState>(INITIAL_ORDER_FORM);
  const [errors, setErrors] = useState<Partial<Record<OrderField, string>>>({});
  const [pending, setPending] = useState<Pending | null>(null);
  // Over a supervised role's limit the order is not placed but sent for approval: its own state.
  const [sent, setSent] = useState<SentForApprovalNotice | null>(null);
  // SPEC §8 toasts; a placed order clears quantity and price for the next one.
  const placing = usePlaceOrder({
    onSuccess: (order) => {
      setSent(null);
      toast({ title: TRADING_TOASTS.orderPlacedTitle, description: orderOutcome(order) });
      setForm((f) => ({ ...f, quantity: '', price: '' }));
    },
    onError: (error) => {
      const notice = sentForApprovalNotice(error, 'order');
      setSent(notice);
      if (notice) toast({ title: notice.title, description: notice.description });
      else toast({ title: TRADING_TOASTS.orderFailedTitle, description: errorMessage(error), variant: 'destructive' });
    },
  });
  const instrumentId = instrument?.id ?? null;
  // Any edit withdraws a pending confirmation and the error of the edited field.
  const set = (patch: Partial<OrderFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setPending(null);
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as OrderField];
      return next;
    });
  };
  const typed = normalizedForm(form);
  const total = estimatedTotal(typed.quantity, typed.type === 'limit' ? typed.price : '', currentPrice);
  const sideLabel = form.side === 'buy' ? 'Buy' : 'Sell';

  // Enter once checks and, for a market order or a large one, asks; Enter again (focus is on
  // Confirm) sends it. Escape withdraws the question.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = draftOrder(instrumentId, form, instrument?.currency);
    if (!draft.ok) {
      if (draft.field) {
        const field = draft.field;
        const inline =
          draft.description === TRADING_TOASTS.invalidOrder.description ? FIELD_REQUIRED[field] : draft.description;
        setErrors({ [field]: inline });
        document.getElementById(`order-${field}`)?.focus();
      }
      toast({ title: draft.title, description: draft.description, variant: 'destructive' });
      return;
    }
    if (!pending) {
      const reason = confirmationReason(draft.order, total, available(form.side));
      if (reason) {
        setPending({ order: draft.order, reason, total });
        return;
      }
    }
    setPending(null);
    placing.mutate(draft.order);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && pending) {
      event.stopPropagation();
      setPending(null);
      document.getElementById('order-quantity')?.focus();
    }
  };

  return (
    <Card data-testid="place-order">
      <CardHeader>
        <CardTitle>Place Order</CardTitle>
        <CardDescription>{instrument ? instrument.name : 'Choose an instrument in Market Watch'}</CardDescription>
      </CardHeader>
      <CardContent>
        {!instrument ? (
          <EmptyState
            icon={ShoppingCart}
            title={EMPTY_STATES.noInstrument}
            text="Pick one in Market Watch to place an order."
          />
        ) : (
          <form className="flex flex-col gap-4" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
            <SideToggle side={form.side} onChange={(side) => set({ side })} />
            <div className="grid gap-1.5">
              <Label htmlFor="order-type">Order Type</Label>
              <Select value={form.type} onValueChange={(type) => set({ type: type as OrderFormState['type'] })}>
                <SelectTrigger id="order-type" aria-label="Order Type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="market">Market</SelectItem>
                  <SelectItem value="limit">Limit</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="order-quantity">Quantity</Label>
              <Input
                id="order-quantity"
                inputMode="numeric"
                placeholder="Units"
                value={form.quantity}
                aria-invalid={errors.quantity ? true : undefined}
                aria-describedby={errors.quantity ? 'order-quantity-error' : undefined}
                onChange={(e) => set({ quantity: e.target.value })}
              />
              <FieldError id="order-quantity-error" message={errors.quantity} />
            </div>
            {form.type === 'limit' ? (
              <div className="grid gap-1.5">
                <Label htmlFor="order-price">Price ({instrument.currency})</Label>
                <Input
                  id="order-price"
                  inputMode="decimal"
                  placeholder={currentPrice ?? '0.00'}
                  value={form.price}
                  aria-invalid={errors.price ? true : undefined}
                  aria-describedby={errors.price ? 'order-price-error' : undefined}
                  onChange={(e) => set({ price: e.target.value })}
                />
                <FieldError id="order-price-error" message={errors.price} />
              </div>
            ) : null}
            <dl className="grid gap-1 rounded-md bg-muted px-3 py-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted-foreground">Estimated Total</dt>
                <dd className="font-semibold tabular-nums" data-testid="estimated-total">
                  {total === null ? '—' : formatCurrency(total, instrument.currency)}
                </dd>
              </div>
              <div className="flex justify-between text-xs">
                <dt className="text-muted-foreground">Available</dt>
                <dd className="tabular-nums">{formatAvailable(available(form.side)) ?? '—'}</dd>
              </div>
            </dl>
            {sent ? <SentForApproval notice={sent} onDismiss={() => setSent(null)} /> : null}
            {pending ? (
              <div
                role="group"
                aria-labelledby="order-confirm-title"
                aria-describedby="order-confirm-text"
                data-testid="order-confirmation"
                className="flex flex-col gap-3 rounded-md border border-warning/40 bg-warning-muted p-3 text-sm"
              >
                <p id="order-confirm-title" className="font-semibold">
                  Confirm {pending.order.type} {sideLabel.toLowerCase()} of{' '}
                  {formatNumber(String(pending.order.quantity))} units
                  {pending.total === null ? '' : `, about ${formatCurrency(pending.total, instrument.currency)}`}
                </p>
                <p id="order-confirm-text" className="text-muted-foreground">
                  {pending.reason} Press Enter to confirm, Escape to go back.
                </p>
                <div className="flex gap-2">
                  <Button
                    type="submit"
                    autoFocus
                    variant={form.side === 'buy' ? 'success' : 'destructive'}
                    disabled={placing.isPending}
                    className="flex-1"
                  >
                    Confirm {sideLabel}
                  </Button>
                  <Button type="button" variant="outline" onClick={() => setPending(null)}>
                    Cancel
                  </Button>
                </div>
              </div>
            ) : (
              <Button
                type="submit"
                variant={form.side === 'buy' ? 'success' : 'destructive'}
                disabled={!canSubmitOrder(instrumentId, form, placing.isPending)}
                className={cn('w-full')}
              >
                {placing.isPending ? 'Placing...' : `Place ${sideLabel} Order`}
              </Button>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
