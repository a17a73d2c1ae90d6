import {
  institutionListSchema,
  marketOverviewSchema,
  type InstitutionList,
  type MarketOverview,
} from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { regulatorKeys } from './keys';

/** GET /api/regulator/market-overview: volume, institutions, compliance rate, market health, oversight. */
export async function getMarketOverview(): Promise<MarketOverview> {
  return marketOverviewSchema.parse(await apiRequest('GET', urlFromQueryKey(regulatorKeys.marketOverview())));
}

/** GET /api/regulator/institutions: every registered institution with its activity and record. */
export async function getInstitutions(): Promise<InstitutionList> {
  return institutionListSchema.parse(await apiRequest('GET', urlFromQueryKey(regulatorKeys.institutions())));
}
