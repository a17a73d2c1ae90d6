import type { FxConversionRequest } from '@meridian/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portfolioKeys } from '@/entities/portfolio';
import { riskKeys } from '@/entities/risk';
import { convertCash } from './api';

/** Converts cash; balances, totals and risk (FX exposure moved) are refetched. */
export function useConvertCash() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FxConversionRequest) => convertCash(input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: portfolioKeys.analytics() });
      void client.invalidateQueries({ queryKey: riskKeys.all() });
    },
  });
}
