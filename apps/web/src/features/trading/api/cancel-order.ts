import { orderSchema, type Order } from '@meridian/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '@/lib/api';
import { applyOrder, marketKeys } from '@/lib/stream-cache';
import { toast } from '@/hooks/use-toast';
import { TRADING_TOASTS } from '../constants';

/** `DELETE /api/orders/:id`: cancels one of the user's open orders and returns it. */
export async function cancelOrder(orderId: string): Promise<Order> {
  return orderSchema.parse(await apiRequest('DELETE', `/api/orders/${encodeURIComponent(orderId)}`));
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      client.setQueryData<Order[]>(marketKeys.myOrders(), (old) => applyOrder(old, order));
      void client.invalidateQueries({ queryKey: marketKeys.portfolio() });
      toast({
        title: TRADING_TOASTS.orderCancelledTitle,
        description: `Your ${order.orderType} order for ${order.instrumentName} was cancelled.`,
      });
    },
    onError: (error) => {
      toast({ title: TRADING_TOASTS.cancelFailedTitle, description: errorMessage(error), variant: 'destructive' });
    },
  });
}
