import { useQuery } from '@tanstack/react-query';
import { getSystemStatus, probeApiLatency } from './api';
import { systemKeys } from './keys';

export function useSystemStatus(refetchInterval: number | false = false) {
  return useQuery({ queryKey: systemKeys.status(), queryFn: getSystemStatus, refetchInterval });
}

export function useApiLatency(refetchInterval: number | false = false) {
  return useQuery({
    queryKey: systemKeys.latency(),
    queryFn: ({ signal }) => probeApiLatency(signal),
    refetchInterval,
  });
}
