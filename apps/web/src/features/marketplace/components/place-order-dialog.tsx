import {
  fromMinorUnits,
  placeOrderSchema,
  priceTick,
  priceTickIssue,
  roundPriceToTick,
  toMinorUnits,
  TRADING_MESSAGES,
  type InstrumentListItem,
  type OrderKind,
  type OrderSide,
} from '@meridian/schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { onRadioArrowKey, radioTabIndex } from '@/components/ui/radio-keys';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatCurrency } from '@/lib/format';
import { cn } from '@/lib/utils';
import { estimatedTotal } from '@/lib/estimated-total';
import { usePlaceOrder } from '@/entities/order';

const SIDES: readonly OrderSide[] = ['buy', 'sell'];

type Props = { instrument: InstrumentListItem | null; onClose: () => void };

/** Place Order modal (SPEC §2, §3): buy/sell, order type (limit by default), quantity, price. */
export function PlaceOrderDialog({ instrument, onClose }: Props) {
  return (
    <Dialog open={instrument !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {instrument ? <OrderForm key={instrument.id} instrument={instrument} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function OrderForm({ instrument, onClose }: { instrument: InstrumentListItem; onClose: () => void }) {
  const [side, setSide] = useState<OrderSide>('buy');
  const [type, setType] = useState<OrderKind>('limit');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState(() => startingPrice(instrument));
  const place = usePlaceOrder();
  // The currency's price tick (decision 0060): 0.01, or 1 in JPY.
  const tickText = fromMinorUnits(priceTick(instrument.currency));
  // Exact on hundredths (decimal strings), as the trading screen's Estimated Total.
  const estimate = estimatedTotal(quantity, type === 'limit' ? price : '', instrument.price);

  function submit() {
    const order = {
      instrumentId: instrument.id,
      orderType: side,
      type,
      quantity,
      price: type === 'limit' ? price : null,
    };
    const checked = placeOrderSchema.safeParse(order);
    const problem = checked.success
      ? type === 'limit'
        ? priceTickIssue(price, instrument.currency)
        : null
      : (checked.error.issues[0]?.message ?? TRADING_MESSAGES.requiredFields);
    if (problem) {
      toast({ title: TRADING_MESSAGES.invalidOrderTitle, description: problem, variant: 'destructive' });
      return;
    }
    place.mutate(order, {
      onSuccess: (placed) => {
        toast({
          title: 'Order Placed',
          description: `${placed.orderType === 'buy' ? 'Buy' : 'Sell'} ${placed.quantity} ${instrument.name}: ${placed.status}`,
        });
        onClose();
      },
      onError: (error) =>
        toast({ title: TRADING_MESSAGES.orderFailedTitle, description: errorMessage(error), variant: 'destructive' }),
    });
  }

  return (
    <form noValidate onSubmit={(event) => (event.preventDefault(), submit())} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Place Order</DialogTitle>
        <DialogDescription>
          {instrument.name} · {instrument.contractType} · {instrument.currency}
        </DialogDescription>
      </DialogHeader>
      <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="Side">
        {SIDES.map((value) => (
          <Button
            key={value}
            type="button"
            role="radio"
            aria-checked={side === value}
            tabIndex={radioTabIndex(SIDES, side, value)}
            onKeyDown={(event) => onRadioArrowKey(event, SIDES, side, setSide)}
            variant={side === value ? (value === 'buy' ? 'success' : 'destructive') : 'outline'}
            onClick={() => setSide(value)}
          >
            {value === 'buy' ? 'Buy' : 'Sell'}
          </Button>
        ))}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="order-type">Order type</Label>
        <Select value={type} onValueChange={(value) => setType(value as OrderKind)}>
          <SelectTrigger id="order-type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="limit">Limit</SelectItem>
            <SelectItem value="market">Market</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="order-quantity">Quantity (units)</Label>
        <Input
          id="order-quantity"
          type="number"
          min="1"
          step="1"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
      </div>
      <div className={cn('grid gap-1.5', type !== 'limit' && 'hidden')}>
        <Label htmlFor="order-price">Price per unit ({instrument.currency})</Label>
        <Input
          id="order-price"
          type="number"
          min={tickText}
          step={tickText}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        Estimated total:{' '}
        <span className="font-medium text-foreground">
          {estimate === null ? '—' : formatCurrency(estimate, instrument.currency)}
        </span>
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={place.isPending}>
          {place.isPending ? 'Placing...' : 'Place Order'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The instrument's price as a starting limit, moved onto its currency's tick; empty when it has none. */
function startingPrice(instrument: InstrumentListItem): string {
  const minor = instrument.price ? toMinorUnits(instrument.price) : null;
  if (minor === null || minor <= 0n) return '';
  return fromMinorUnits(roundPriceToTick(minor, instrument.currency, 'nearest'));
}
