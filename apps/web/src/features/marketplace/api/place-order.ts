import { orderSchema, placeOrderSchema, type Order, type PlaceOrderInput } from '@meridian/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * The Place Order modal's one submit path: POST /api/orders (SPEC §7) with the shared schema,
 * so the body is checked here exactly as the server will check it.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<Order> {
  const body = placeOrderSchema.parse(input);
  return orderSchema.parse(await apiRequest('POST', '/api/orders', body));
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // A fill changes prices and volumes on the list; open orders show up elsewhere.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' && /^\/api\/(instruments|orders|trades)/.test(query.queryKey[0]),
      }),
  });
}
