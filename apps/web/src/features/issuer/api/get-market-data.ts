import { marketDataSchema, type Ticker } from '@meridian/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** SPEC §7: market data refreshes every 2 seconds. */
const MARKET_DATA_REFRESH_MS = 2_000;

/** GET /api/market-data: one ticker per listed instrument from the trading service. */
export async function getMarketData(): Promise<Ticker[]> {
  return marketDataSchema.parse(await apiRequest('GET', '/api/market-data'));
}

export function useMarketData() {
  return useQuery({ queryKey: ['/api/market-data'], queryFn: getMarketData, refetchInterval: MARKET_DATA_REFRESH_MS });
}
