import { instrumentDetailSchema, type InstrumentDetail, type InstrumentForm } from '@meridian/schemas';
import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/instruments: the validated wizard form; the server rebuilds the ACTUS terms itself. */
export async function createInstrument(form: InstrumentForm): Promise<InstrumentDetail> {
  return instrumentDetailSchema.parse(await apiRequest('POST', '/api/instruments', form));
}

/** Every instruments list or detail query (keys are URLs under /api/instruments). */
export const isInstrumentsQuery = (query: Query) => {
  const head = query.queryKey[0];
  return typeof head === 'string' && head.startsWith('/api/instruments');
};

export function useCreateInstrument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstrument,
    // SPEC §4: on success the instruments lists are refreshed.
    onSuccess: () => queryClient.invalidateQueries({ predicate: isInstrumentsQuery }),
  });
}
