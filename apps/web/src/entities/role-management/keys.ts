/** Query keys of the Role Management administration endpoints (style: see entities/README.md). */
const ROOT = '/api/role-management';

export const roleManagementKeys = {
  all: () => [ROOT] as const,
  departments: () => [ROOT, 'departments'] as const,
  roles: () => [ROOT, 'roles'] as const,
  permissions: () => [ROOT, 'permissions'] as const,
  assignments: () => [ROOT, 'assignments'] as const,
  users: (q: string) => [ROOT, 'users', { q }] as const,
  elevationRequests: () => [ROOT, 'elevation-requests'] as const,
  pendingApprovals: () => [ROOT, 'approvals', 'pending'] as const,
  /** The signed-in user's own role badges (GET /api/radix/badges). */
  myBadges: () => ['/api/radix', 'badges'] as const,
};
