import { isSentForApproval } from './api';

/** Characters of the approval id shown (as badge ids are, SPEC §9). */
export const APPROVAL_ID_CHARS = 8;

/** What a form shows for an action sent to a supervisor (202 SUPERVISION_REQUIRED, decision 0049). */
export interface SentForApprovalNotice {
  title: string;
  /** The server's words: what was sent, and why (above which role's limit). */
  description: string;
  approvalId: string;
  /** What happens next, honestly: nothing was done yet. */
  next: string;
}

/**
 * The "sent for approval" state of a form, or null when `error` is an ordinary failure.
 * `what` names the action that was not done ("order", "instrument").
 */
export function sentForApprovalNotice(error: unknown, what: string): SentForApprovalNotice | null {
  if (!isSentForApproval(error)) return null;
  return {
    title: 'Sent for Approval',
    description: error.serverMessage,
    approvalId: error.approvalId,
    next: `The ${what} was not ${what === 'order' ? 'placed' : 'created'}. Once your supervisor approves request ${error.approvalId.slice(0, APPROVAL_ID_CHARS)}, submit it again.`,
  };
}
