import type { CaseStatus } from '@meridian/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { regulatorKeys } from '@/entities/regulator';
import { addCaseNote, assignCaseToMe, getCase, getCases, transitionCase } from './api';
import { caseKeys } from './keys';

export function useCases(
  params: { status?: CaseStatus | 'open'; limit?: number },
  options: { enabled?: boolean } = {},
) {
  return useQuery({ queryKey: caseKeys.list(params), queryFn: () => getCases(params), ...options });
}

export function useCase(id: string | null) {
  return useQuery({ queryKey: caseKeys.detail(id ?? ''), queryFn: () => getCase(id!), enabled: Boolean(id) });
}

/** Any change to a case refreshes the case lists and the regulator's overview (its table and counters). */
function useCaseMutation<I>(mutationFn: (input: I) => ReturnType<typeof getCase>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (detail) => {
      client.setQueryData(caseKeys.detail(detail.id), detail);
      void client.invalidateQueries({ queryKey: caseKeys.all() });
      void client.invalidateQueries({ queryKey: regulatorKeys.marketOverview() });
      void client.invalidateQueries({ queryKey: regulatorKeys.institutions() });
    },
  });
}

export const useTransitionCase = () => useCaseMutation(transitionCase);
export const useAddCaseNote = () => useCaseMutation(addCaseNote);
export const useAssignCaseToMe = () => useCaseMutation(assignCaseToMe);
