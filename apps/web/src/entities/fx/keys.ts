/** Query keys of /api/fx (style: see entities/README.md). */
export const fxKeys = {
  all: () => ['/api/fx'] as const,
};
