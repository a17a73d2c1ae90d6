import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  decideCustodyApproval,
  getCustodyApprovals,
  getCustodyAssets,
  getCustodySettlements,
  processSettlements,
} from './api';
import { custodyKeys } from './keys';

/** SPEC §7: custody assets refresh every 30 seconds, settlements every 10. */
const ASSETS_REFRESH_MS = 30_000;
const SETTLEMENTS_REFRESH_MS = 10_000;

export function useCustodyAssets() {
  return useQuery({ queryKey: custodyKeys.assets(), queryFn: getCustodyAssets, refetchInterval: ASSETS_REFRESH_MS });
}

export function useCustodySettlements() {
  return useQuery({
    queryKey: custodyKeys.settlements(),
    queryFn: getCustodySettlements,
    refetchInterval: SETTLEMENTS_REFRESH_MS,
  });
}

export function useProcessSettlements() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: processSettlements,
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/custody'] }),
  });
}

/** Approvals waiting for a second signature refresh with the queue (every 10 seconds). */
export function useCustodyApprovals() {
  return useQuery({
    queryKey: custodyKeys.approvals(),
    queryFn: getCustodyApprovals,
    refetchInterval: SETTLEMENTS_REFRESH_MS,
  });
}

export function useDecideCustodyApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideCustodyApproval,
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/custody'] }),
  });
}
