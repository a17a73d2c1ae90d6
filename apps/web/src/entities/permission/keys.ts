/** Query keys of /api/role-management (style: see entities/README.md). */
export const permissionKeys = {
  mine: () => ['/api/role-management', 'my-permissions'] as const,
};
