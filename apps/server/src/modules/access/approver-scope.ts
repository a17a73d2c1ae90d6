import type { Db } from '../../db/client';
import { type ApprovalRow, userLevel } from './approvals';
import type { AssignmentValues } from './assignments';
import { checkPermission } from './service';
import { SUPERVISION_KIND, type SupervisionPayload } from './supervision';

// Who may decide an access approval (decision 0078). One rule for the pending list and for
// approve/reject, so an approver is offered exactly what the server lets them decide:
// - never their own request, nor an assignment of a role to themselves;
// - a level at least the approval's minimum (elevations: the permission's level);
// - a supervision request: the role's supervisors named when it opened, or, when the
//   department had none, the role administrators (manage_roles) above the role's level;
// - a role assignment (dual control): holders of manage_roles, the permission it takes to
//   assign a role — approve_elevations alone does not make a supervisor an assigner.

/** What the rule needs to know about an approver, read once per request. */
export interface Approver {
  id: string;
  /** Highest level among their active role assignments. */
  level: number;
  /** Holds manage_roles (administers roles and assignments). */
  managesRoles: boolean;
}

export async function approverOf(db: Db, userId: string, now = new Date()): Promise<Approver> {
  const [level, manageRoles] = await Promise.all([
    userLevel(db, userId, now),
    checkPermission(db, userId, 'manage_roles', undefined, now),
  ]);
  return { id: userId, level, managesRoles: manageRoles.hasPermission };
}

/** Why `approver` may not decide `approval`, or null when they may. */
export function refusalFor(approval: ApprovalRow, approver: Approver): string | null {
  if (approval.requestedBy === approver.id) return 'You cannot approve or reject your own request';
  if (approver.level < approval.minApproverLevel)
    return `Approvers need role level ${approval.minApproverLevel} or higher (yours is ${approver.level})`;
  if (approval.kind === SUPERVISION_KIND) {
    const { supervisorIds = [], roleTitle } = approval.payload as unknown as SupervisionPayload;
    const supervises = supervisorIds.length > 0 ? supervisorIds.includes(approver.id) : approver.managesRoles;
    return supervises ? null : `Only a supervisor of the ${roleTitle} role may decide this request`;
  }
  if (approval.kind === 'access.assignment') {
    if ((approval.payload as unknown as AssignmentValues).userId === approver.id)
      return 'You cannot approve or reject the assignment of a role to yourself';
    if (!approver.managesRoles) return 'Deciding a role assignment needs the manage_roles permission';
  }
  return null;
}
