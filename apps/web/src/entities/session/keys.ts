/** Query keys of /api/auth (style: see entities/README.md). */
export const sessionKeys = {
  user: () => ['/api/auth', 'user'] as const,
  demoAccounts: () => ['/api/auth', 'demo-accounts'] as const,
};
