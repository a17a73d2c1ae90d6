import { useQuery } from '@tanstack/react-query';
import { getMyTrades } from './api';
import { tradeKeys } from './keys';

type Options = { refetchInterval?: number | false; enabled?: boolean; meta?: Record<string, unknown> };

export function useMyTrades({ refetchInterval = false, enabled = true, meta }: Options = {}) {
  return useQuery({ queryKey: tradeKeys.mine(), queryFn: getMyTrades, refetchInterval, enabled, meta });
}
