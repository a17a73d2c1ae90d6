import type { InstrumentListItem } from '@meridian/schemas';
import { ShoppingCart } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { usePlaceOrder } from '@/entities/order';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatCurrency } from '@/lib/format';
import { cn } from '@/lib/utils';
import { EMPTY_STATES, TRADING_TOASTS } from '../constants';
import { orderOutcome } from '../lib/order-summary';
import { estimatedTotal } from '@/lib/estimated-total';
import { canSubmitOrder, draftOrder, INITIAL_ORDER_FORM, type OrderFormState } from '../lib/order-form';
import { EmptyState } from './empty-state';
import { SideToggle } from './side-toggle';

type Props = {
  instrument: InstrumentListItem | undefined;
  /** Last trade, else model price: the estimate when no price is typed. */
  currentPrice: string | null;
  /** What the user can commit for the chosen side, already formatted (cash or units). */
  available: (side: OrderFormState['side']) => string | null;
};

/** Place Order (SPEC §2, §4, §5, §8): buy/sell, market (default) or limit, quantity, price for limit. */
export function PlaceOrderCard({ instrument, currentPrice, available }: Props) {
  const [form, setForm] = useState<OrderFormState>(INITIAL_ORDER_FORM);
  // SPEC §8 toasts; a placed order clears quantity and price for the next one.
  const placing = usePlaceOrder({
    onSuccess: (order) => {
      toast({ title: TRADING_TOASTS.orderPlacedTitle, description: orderOutcome(order) });
      setForm((f) => ({ ...f, quantity: '', price: '' }));
    },
    onError: (error) =>
      toast({ title: TRADING_TOASTS.orderFailedTitle, description: errorMessage(error), variant: 'destructive' }),
  });
  const instrumentId = instrument?.id ?? null;
  const set = (patch: Partial<OrderFormState>) => setForm((f) => ({ ...f, ...patch }));
  const total = estimatedTotal(form.quantity, form.type === 'limit' ? form.price : '', currentPrice);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = draftOrder(instrumentId, form);
    if (!draft.ok) {
      toast({ title: draft.title, description: draft.description, variant: 'destructive' });
      return;
    }
    placing.mutate(draft.order);
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
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
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
                onChange={(e) => set({ quantity: e.target.value })}
              />
            </div>
            {form.type === 'limit' ? (
              <div className="grid gap-1.5">
                <Label htmlFor="order-price">Price ({instrument.currency})</Label>
                <Input
                  id="order-price"
                  inputMode="decimal"
                  placeholder={currentPrice ?? '0.00'}
                  value={form.price}
                  onChange={(e) => set({ price: e.target.value })}
                />
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
                <dd className="tabular-nums">{available(form.side) ?? '—'}</dd>
              </div>
            </dl>
            <Button
              type="submit"
              variant={form.side === 'buy' ? 'success' : 'destructive'}
              disabled={!canSubmitOrder(instrumentId, form, placing.isPending)}
              className={cn('w-full')}
            >
              {placing.isPending ? 'Placing...' : `Place ${form.side === 'buy' ? 'Buy' : 'Sell'} Order`}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
