import type { Order } from '@meridian/schemas';
import { ListOrdered, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatCurrency, formatNumber } from '@/lib/format';
import { useCancelOrder } from '@/entities/order';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { EMPTY_STATES, TRADING_TOASTS } from '../constants';
import { recentOrders, statusDotClass } from '../lib/orders';
import { EmptyState } from './empty-state';

function priceText(order: Order): string {
  if (order.averagePrice !== null) return `avg ${formatCurrency(order.averagePrice, order.currency)}`;
  return order.price === null ? 'market' : `@ ${formatCurrency(order.price, order.currency)}`;
}

function statusText(order: Order): string {
  if (order.status === 'open' && order.filledQuantity > 0) return `open · ${formatNumber(order.filledQuantity)} filled`;
  return order.status;
}

/** The 5 most recent own orders with status dots (open blue, filled green, other grey) and cancel. */
export function RecentOrders({ orders }: { orders: Order[] }) {
  const cancel = useCancelOrder({
    onSuccess: (order) =>
      toast({
        title: TRADING_TOASTS.orderCancelledTitle,
        description: `Your ${order.orderType} order for ${order.instrumentName} was cancelled.`,
      }),
    onError: (error) =>
      toast({ title: TRADING_TOASTS.cancelFailedTitle, description: errorMessage(error), variant: 'destructive' }),
  });
  const recent = recentOrders(orders);
  if (recent.length === 0) return <EmptyState icon={ListOrdered} title={EMPTY_STATES.noRecentOrders} />;

  return (
    <ul className="flex flex-col divide-y" data-testid="recent-orders">
      {recent.map((order) => (
        <li
          key={order.id}
          className="flex items-center gap-2 py-2 text-xs"
          data-testid="recent-order"
          data-status={order.status}
        >
          <span aria-hidden className={cn('size-2 shrink-0 rounded-full', statusDotClass(order.status))} />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">
              <span className={order.orderType === 'buy' ? 'text-success' : 'text-destructive'}>
                {order.orderType === 'buy' ? 'Buy' : 'Sell'}
              </span>{' '}
              {formatNumber(order.quantity)} {order.instrumentName}
            </span>
            <span className="text-muted-foreground">
              {order.type} · {priceText(order)} · <span data-testid="order-status">{statusText(order)}</span>
            </span>
          </span>
          {order.status === 'open' ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={`Cancel order ${order.orderType} ${order.quantity} ${order.instrumentName}`}
              disabled={cancel.isPending && cancel.variables === order.id}
              onClick={() => cancel.mutate(order.id)}
            >
              <X />
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
