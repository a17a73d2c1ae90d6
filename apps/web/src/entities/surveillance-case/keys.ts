/** Query keys of /api/surveillance/cases (style: the key spells the URL). */
export const caseKeys = {
  all: () => ['/api/surveillance', 'cases'] as const,
  list: (params: { status?: string; limit?: number }) => ['/api/surveillance', 'cases', params] as const,
  detail: (id: string) => ['/api/surveillance', 'cases', id] as const,
};
