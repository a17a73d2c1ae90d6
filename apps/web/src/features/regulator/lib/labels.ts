import type { CaseSeverity, CaseStatus } from '@meridian/schemas';
import type { BadgeProps } from '@/components/ui/badge';

export { SURVEILLANCE_RULE_LABELS as RULE_LABELS } from '@meridian/schemas';

export const STATUS_LABELS: Record<CaseStatus, string> = {
  investigating: 'investigating',
  under_review: 'under_review',
  resolved: 'resolved',
};

export const STATUS_VARIANT: Record<CaseStatus, BadgeProps['variant']> = {
  investigating: 'warning',
  under_review: 'info',
  resolved: 'success',
};

export const SEVERITY_VARIANT: Record<CaseSeverity, BadgeProps['variant']> = {
  High: 'destructive',
  Medium: 'warning',
  Low: 'secondary',
};

/** Button text of each transition a case offers. */
export const TRANSITION_LABELS: Record<CaseStatus, string> = {
  investigating: 'Reopen investigation',
  under_review: 'Move to review',
  resolved: 'Resolve',
};
