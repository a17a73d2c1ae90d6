import type { MyTrade } from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { tradeKeys } from './keys';

/** GET /api/trades/my: the signed-in user's trades, newest first. */
export async function getMyTrades(): Promise<MyTrade[]> {
  return apiRequest<MyTrade[]>('GET', urlFromQueryKey(tradeKeys.mine()));
}
