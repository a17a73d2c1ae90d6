import {
  adjustSpreadsResultSchema,
  liquidityPoolsSchema,
  type AdjustSpreads,
  type LiquidityPools,
} from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { liquidityKeys } from './keys';

/** GET /api/liquidity/pools: the liquidity provider's quoting programmes and their 24h figures. */
export async function getLiquidityPools(): Promise<LiquidityPools> {
  return liquidityPoolsSchema.parse(await apiRequest('GET', urlFromQueryKey(liquidityKeys.pools())));
}

/** PATCH /api/liquidity/pools/spreads: Adjust Spreads (one instrument, or every programme). */
export async function adjustSpreads(input: AdjustSpreads) {
  return adjustSpreadsResultSchema.parse(await apiRequest('PATCH', '/api/liquidity/pools/spreads', input));
}
