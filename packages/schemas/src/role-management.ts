import { z } from 'zod';
import { decimalStringSchema, lineTextSchema, MAX_AMOUNT_MINOR, toMinorUnits, instantSchema } from './common';
import { RISK_LEVELS } from './access';

export const COMPLIANCE_LEVELS = ['standard', 'enhanced', 'critical'] as const;
export const URGENCY_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
/** What an elevation's `requestedDuration` counts: hours (SPEC, the default) or minutes (short elevations). */
export const DURATION_UNITS = ['hours', 'minutes'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
/** Longest elevation: 30 days, in either unit. */
export const MAX_ELEVATION_HOURS = 720;
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

const MISSING = 'Please fill in all required fields';
const required = (max: number) => lineTextSchema({ max }).trim().min(1, MISSING);

/** USD amount as number or decimal string, at most 2 decimals, not negative, bounded. */
const usdAmount = (label: string) =>
  z.union([z.number(), z.string()]).refine((v) => {
    const minor = toMinorUnits(v);
    return minor !== null && minor <= MAX_AMOUNT_MINOR;
  }, `${label} must be a non-negative amount with at most 2 decimals`);

export const createDepartmentSchema = z
  .object({
    name: required(120),
    code: required(20).regex(/^[A-Za-z0-9_-]+$/, 'Code may hold letters, digits, - and _ only'),
    budgetAuthority: usdAmount('Budget authority'),
    complianceLevel: z.enum(COMPLIANCE_LEVELS).default('standard'),
    requiresDualControl: z.boolean().default(false),
  })
  .meta({ id: 'CreateDepartment' });
export type CreateDepartment = z.input<typeof createDepartmentSchema>;

export const departmentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    code: z.string(),
    /** USD, decimal string. */
    budgetAuthority: decimalStringSchema,
    complianceLevel: z.enum(COMPLIANCE_LEVELS),
    requiresDualControl: z.boolean(),
  })
  .meta({ id: 'Department' });
export type Department = z.infer<typeof departmentSchema>;

export const createRoleSchema = z
  .object({
    roleId: required(60).regex(/^[a-z0-9_]+$/, 'Role id may hold lower-case letters, digits and _ only'),
    title: required(120),
    level: z
      .number()
      .int()
      .min(1, 'Level must be between 1 and 10')
      .max(10, 'Level must be between 1 and 10')
      .default(5),
    departmentId: z.uuid('Please fill in all required fields'),
    basePermissions: z.array(z.string().max(60)).max(50).default([]),
    approvalAuthority: z.record(z.string(), z.unknown()).default({}),
    /**
     * USD: the most one action of a holder may commit under the role's amount-limited
     * permissions (below the catalogue's cap); absent or null = the catalogue's cap alone.
     */
    amountLimit: usdAmount('Amount limit').nullish(),
  })
  .meta({ id: 'CreateRole' });
export type CreateRole = z.input<typeof createRoleSchema>;

export const roleSchema = z
  .object({
    id: z.string(),
    roleId: z.string(),
    title: z.string(),
    level: z.number().int(),
    departmentId: z.string().nullable(),
    departmentName: z.string().nullable(),
    basePermissions: z.array(z.string()),
    approvalAuthority: z.record(z.string(), z.unknown()),
    requiresSupervision: z.boolean(),
    /** USD, decimal string; null = the catalogue's per-permission caps alone. */
    amountLimit: decimalStringSchema.nullable(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;

export const systemPermissionSchema = z
  .object({
    id: z.string(),
    permissionId: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    riskLevel: z.enum(RISK_LEVELS),
    maxAmount: decimalStringSchema.nullable(),
    requiresMultiSig: z.boolean(),
  })
  .meta({ id: 'SystemPermission' });
export type SystemPermission = z.infer<typeof systemPermissionSchema>;

const futureInstant = z.iso.datetime({ offset: true, message: 'Expiry must be a date-time' });

export const assignRoleSchema = z
  .object({
    userId: z.uuid().optional(),
    email: z.email().optional(),
    roleId: z.string().min(1, 'Please select both a user and a role').max(60),
    // SPEC §7's badge fields are no longer taken from the browser: the server issues the
    // badge with the assignment (decision 0042); keys sent anyway are dropped by the parse.
    expiresAt: futureInstant.nullish(),
    conditions: z.record(z.string(), z.unknown()).default({}),
  })
  .refine((v) => v.userId !== undefined || v.email !== undefined, {
    message: 'Please select both a user and a role',
    path: ['userId'],
  })
  .meta({ id: 'AssignRole' });
export type AssignRole = z.input<typeof assignRoleSchema>;

export const assignmentSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    userEmail: z.string(),
    userName: z.string(),
    roleId: z.string(),
    roleTitle: z.string(),
    badgeResourceAddress: z.string().nullable(),
    badgeLocalId: z.string().nullable(),
    assignedDate: z.string(),
    expiresAt: instantSchema.nullable(),
    isActive: z.boolean(),
    conditions: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'RoleAssignment' });
export type Assignment = z.infer<typeof assignmentSchema>;

/** POST /assign answers the assignment, or the approval it waits for (dual control). */
export const assignResultSchema = z
  .object({
    status: z.enum(['assigned', 'pending_approval']),
    assignment: assignmentSchema.nullable(),
    approvalId: z.string().nullable(),
    requiredApprovers: z.number().int(),
  })
  .meta({ id: 'AssignResult' });
export type AssignResult = z.infer<typeof assignResultSchema>;

export const requestElevationSchema = z
  .object({
    permissionId: z.string().trim().min(1, 'Please fill in all required fields for permission request').max(60),
    requestReason: required(500),
    justification: z.string().max(2000).trim().min(1, MISSING),
    requestedDuration: z.number().int().default(4),
    /** `minutes` asks for a short elevation (e.g. 1 minute); hours is SPEC's unit and the default. */
    requestedDurationUnit: z.enum(DURATION_UNITS).default('hours'),
    urgencyLevel: z.enum(URGENCY_LEVELS).default('medium'),
  })
  .superRefine((value, ctx) => {
    const minutes = value.requestedDurationUnit === 'minutes';
    if (value.requestedDuration < 1)
      ctx.addIssue({
        code: 'custom',
        path: ['requestedDuration'],
        message: minutes ? 'Duration must be at least 1 minute' : 'Duration must be at least 1 hour',
      });
    const max = minutes ? MAX_ELEVATION_HOURS * 60 : MAX_ELEVATION_HOURS;
    if (value.requestedDuration > max)
      ctx.addIssue({
        code: 'custom',
        path: ['requestedDuration'],
        message: `Duration must be at most ${max} ${value.requestedDurationUnit} (30 days)`,
      });
  })
  .meta({ id: 'RequestElevation' });
export type RequestElevation = z.input<typeof requestElevationSchema>;

export const elevationRequestSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    userEmail: z.string(),
    permissionId: z.string(),
    requestReason: z.string(),
    justification: z.string(),
    requestedDuration: z.number().int(),
    requestedDurationUnit: z.enum(DURATION_UNITS),
    urgencyLevel: z.enum(URGENCY_LEVELS),
    status: z.enum(REQUEST_STATUSES),
    approvalId: z.string().nullable(),
    approvals: z.number().int(),
    requiredApprovers: z.number().int(),
    decidedAt: instantSchema.nullable(),
    createdAt: instantSchema,
  })
  .meta({ id: 'ElevationRequest' });
export type ElevationRequest = z.infer<typeof elevationRequestSchema>;

export const elevationResultSchema = z
  .object({ granted: z.boolean(), request: elevationRequestSchema, effectiveUntil: z.string().nullable() })
  .meta({ id: 'ElevationResult' });
export type ElevationResult = z.infer<typeof elevationResultSchema>;

export const approvalSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    subjectId: z.string().nullable(),
    summary: z.string(),
    requestedBy: z.string(),
    requestedByEmail: z.string(),
    requiredApprovers: z.number().int(),
    minApproverLevel: z.number().int(),
    approvedBy: z.array(z.string()),
    status: z.enum(REQUEST_STATUSES),
    expiresAt: instantSchema,
    createdAt: instantSchema,
  })
  .meta({ id: 'Approval' });
export type Approval = z.infer<typeof approvalSchema>;

export const decideApprovalSchema = z
  .object({ comment: z.string().max(500).optional() })
  .meta({ id: 'DecideApproval' });

export const userSummarySchema = z
  .object({ id: z.string(), email: z.string(), name: z.string() })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof userSummarySchema>;

/**
 * 202 of a guarded action over the amount limit of a role that requires supervision (decision
 * 0049): nothing was done; the request waits for a supervisor's approval, then is sent again.
 */
export const sentForApprovalSchema = z
  .object({
    code: z.literal('SUPERVISION_REQUIRED'),
    message: z.string(),
    approvalId: z.string(),
    status: z.literal('pending'),
  })
  .meta({ id: 'SentForApproval' });
export type SentForApproval = z.infer<typeof sentForApprovalSchema>;
