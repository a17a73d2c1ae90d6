/** Exact texts of the Role Management panel (SPEC §2, §5, §8). */
export const ROLES_TEXT = {
  title: 'Role Management',
  adminLabel: 'Admin Panel',
  missingTitle: 'Missing Information',
  missingFields: 'Please fill in all required fields',
  missingAssign: 'Please select both a user and a role',
  missingElevation: 'Please fill in all required fields for permission request',
  errorTitle: 'Error',
  departmentFailed: 'Failed to create department.',
  roleFailed: 'Failed to create role.',
  assignFailed: 'Failed to assign role with badge.',
  elevationFailed: 'Failed to submit permission request.',
  departmentCreatedTitle: 'Department Created',
  departmentCreated: (name: string) => `${name} department has been created successfully`,
  roleCreatedTitle: 'Role Created',
  roleCreated: (title: string) => `${title} role has been created successfully`,
  assignedTitle: 'Role Assigned Successfully',
  /** Without simulation no badge exists until one is minted on a ledger (decision 0042). */
  assigned: (title: string, badgeId: string | null) =>
    badgeId
      ? `${title} assigned to the user with badge ${badgeId.slice(0, BADGE_ID_TOAST_CHARS)}...`
      : `${title} assigned to the user (no badge: simulation mode is off)`,
  grantedTitle: 'Permission Granted',
  granted: (duration: number, unit: 'hours' | 'minutes' = 'hours') =>
    `Temporary elevation granted for ${duration} ${unit}`,
  submittedTitle: 'Request Submitted',
  submitted: 'Your permission elevation request has been submitted for approval',
} as const;

/** SPEC §9: badge ids are shown truncated to 8 (toast) or 12 (assignment list) characters. */
export const BADGE_ID_TOAST_CHARS = 8;
export const BADGE_ID_LIST_CHARS = 12;
/** SPEC §9: the overview lists the 5 most recent elevation requests. */
export const OVERVIEW_REQUESTS = 5;
/** SPEC §9: role level 1-10, default 5; elevation duration default 4 hours. */
export const ROLE_LEVEL_MIN = 1;
export const ROLE_LEVEL_MAX = 10;
export const ROLE_LEVEL_DEFAULT = 5;
export const ELEVATION_HOURS_DEFAULT = 4;

export const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-card px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';
