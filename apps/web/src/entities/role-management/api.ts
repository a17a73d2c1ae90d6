import {
  approvalSchema,
  assignmentSchema,
  assignResultSchema,
  departmentSchema,
  elevationRequestSchema,
  elevationResultSchema,
  roleBadgeSchema,
  roleSchema,
  systemPermissionSchema,
  userSummarySchema,
  type Approval,
  type Assignment,
  type AssignResult,
  type AssignRole,
  type CreateDepartment,
  type CreateRole,
  type Department,
  type ElevationRequest,
  type ElevationResult,
  type RequestElevation,
  type Role,
  type RoleBadge,
  type SystemPermission,
  type UserSummary,
} from '@meridian/schemas';
import { z } from 'zod';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { roleManagementKeys as keys } from './keys';

const BASE = '/api/role-management';

/** GET /api/role-management/departments */
export async function getDepartments(): Promise<Department[]> {
  return z.array(departmentSchema).parse(await apiRequest('GET', urlFromQueryKey(keys.departments())));
}

/** POST /api/role-management/departments */
export async function createDepartment(input: CreateDepartment): Promise<Department> {
  return departmentSchema.parse(await apiRequest('POST', `${BASE}/departments`, input));
}

/** GET /api/role-management/roles */
export async function getRoles(): Promise<Role[]> {
  return z.array(roleSchema).parse(await apiRequest('GET', urlFromQueryKey(keys.roles())));
}

/** POST /api/role-management/roles */
export async function createRole(input: CreateRole): Promise<Role> {
  return roleSchema.parse(await apiRequest('POST', `${BASE}/roles`, input));
}

/** GET /api/role-management/permissions: the system permission catalogue. */
export async function getSystemPermissions(): Promise<SystemPermission[]> {
  return z.array(systemPermissionSchema).parse(await apiRequest('GET', urlFromQueryKey(keys.permissions())));
}

/** GET /api/role-management/assignments: active assignments. */
export async function getAssignments(): Promise<Assignment[]> {
  return z.array(assignmentSchema).parse(await apiRequest('GET', urlFromQueryKey(keys.assignments())));
}

/** GET /api/role-management/users?q=: users to pick for an assignment. */
export async function searchUsers(q: string): Promise<UserSummary[]> {
  return z.array(userSummarySchema).parse(await apiRequest('GET', urlFromQueryKey(keys.users(q))));
}

/** POST /api/role-management/assign: assigned at once, or pending approval under dual control. */
export async function assignRole(input: AssignRole): Promise<AssignResult> {
  return assignResultSchema.parse(await apiRequest('POST', `${BASE}/assign`, input));
}

/** DELETE /api/role-management/assignments/:id (revoke). */
export async function revokeAssignment(id: string): Promise<void> {
  await apiRequest('DELETE', `${BASE}/assignments/${encodeURIComponent(id)}`);
}

/** GET /api/role-management/elevation-requests: all for approvers, otherwise one's own. */
export async function getElevationRequests(): Promise<ElevationRequest[]> {
  return z.array(elevationRequestSchema).parse(await apiRequest('GET', urlFromQueryKey(keys.elevationRequests())));
}

/** POST /api/role-management/request-elevation */
export async function requestElevation(input: RequestElevation): Promise<ElevationResult> {
  return elevationResultSchema.parse(await apiRequest('POST', `${BASE}/request-elevation`, input));
}

/** GET /api/role-management/approvals/pending: approvals waiting for a decision (approvers only). */
export async function getPendingApprovals(): Promise<Approval[]> {
  return z.array(approvalSchema).parse(await apiRequest('GET', urlFromQueryKey(keys.pendingApprovals())));
}

/** GET /api/radix/badges: the signed-in user's role badges from the server's role_badges table. */
export async function getMyBadges(): Promise<RoleBadge[]> {
  return z.array(roleBadgeSchema).parse(await apiRequest('GET', urlFromQueryKey(keys.myBadges())));
}

export type ApprovalDecision = 'approve' | 'reject';

/** POST /api/role-management/approvals/:id/approve or /reject */
export async function decideApproval(input: {
  id: string;
  decision: ApprovalDecision;
  comment?: string;
}): Promise<Approval> {
  const url = `${BASE}/approvals/${encodeURIComponent(input.id)}/${input.decision}`;
  return approvalSchema.parse(await apiRequest('POST', url, input.comment ? { comment: input.comment } : {}));
}
