import {
  custodyAssetsSchema,
  custodySettlementsSchema,
  processSettlementsResultSchema,
  type CustodyAssets,
  type CustodySettlements,
  type ProcessSettlementsResult,
} from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { custodyKeys } from './keys';

/** GET /api/custody/assets: assets under custody, security score, controls and risk figures. */
export async function getCustodyAssets(): Promise<CustodyAssets> {
  return custodyAssetsSchema.parse(await apiRequest('GET', urlFromQueryKey(custodyKeys.assets())));
}

/** GET /api/custody/settlements: the settlement queue and recent settlements. */
export async function getCustodySettlements(): Promise<CustodySettlements> {
  return custodySettlementsSchema.parse(await apiRequest('GET', urlFromQueryKey(custodyKeys.settlements())));
}

/** POST /api/custody/settlements/process: Process Queue (settles what is due today). */
export async function processSettlements(): Promise<ProcessSettlementsResult> {
  return processSettlementsResultSchema.parse(await apiRequest('POST', '/api/custody/settlements/process', {}));
}
