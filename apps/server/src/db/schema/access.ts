import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export const COMPLIANCE_LEVELS = ['standard', 'enhanced', 'critical'] as const;
export const URGENCY_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export const DURATION_UNITS = ['hours', 'minutes'] as const;
export const ELEVATION_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;

export type Conditions = Record<string, unknown>;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Money in hundredths of USD (bigint); null means no limit. */
const money = (name: string) => bigint(name, { mode: 'bigint' });

/** The catalogue of protected actions (SPEC §3 'Permission (system)'). */
export const permissions = pgTable('permissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  permissionId: text('permission_id').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  riskLevel: text('risk_level').$type<(typeof RISK_LEVELS)[number]>().notNull(),
  maxAmount: money('max_amount'),
  requiresMultiSig: boolean('requires_multi_sig').notNull().default(false),
  createdAt: createdAt(),
});

export const departments = pgTable('departments', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  budgetAuthority: money('budget_authority').notNull(),
  complianceLevel: text('compliance_level').$type<(typeof COMPLIANCE_LEVELS)[number]>().notNull().default('standard'),
  requiresDualControl: boolean('requires_dual_control').notNull().default(false),
  createdAt: createdAt(),
});

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Slug, e.g. 'issuer', 'market_maker', 'administrator'. */
    roleId: text('role_id').notNull().unique(),
    title: text('title').notNull(),
    level: integer('level').notNull().default(5),
    departmentId: uuid('department_id').references(() => departments.id),
    approvalAuthority: jsonb('approval_authority').$type<Conditions>().notNull().default({}),
    requiresSupervision: boolean('requires_supervision').notNull().default(false),
    /**
     * The most one action of a holder may commit under the role's amount-limited permissions;
     * null = the catalogue's per-permission cap alone. Above it a supervised role's action goes
     * to its supervisor (decision 0078).
     */
    amountLimit: money('amount_limit'),
    createdAt: createdAt(),
  },
  (t) => [
    check('roles_level_check', sql`${t.level} between 1 and 10`),
    check('roles_amount_limit_check', sql`${t.amountLimit} is null or ${t.amountLimit} >= 0`),
  ],
);

/** A role's base permissions. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const roleAssignments = pgTable(
  'role_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    badgeResourceAddress: text('badge_resource_address'),
    badgeLocalId: text('badge_local_id'),
    assignedDate: timestamp('assigned_date', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    conditions: jsonb('conditions').$type<Conditions>().notNull().default({}),
    assignedBy: uuid('assigned_by').references(() => users.id),
  },
  (t) => [index('role_assignments_user_idx').on(t.userId)],
);

/** A permission granted to one user directly, optionally capped and time-limited. */
export const permissionGrants = pgTable(
  'permission_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id),
    amountLimit: money('amount_limit'),
    conditions: jsonb('conditions').$type<Conditions>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    grantedBy: uuid('granted_by').references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('permission_grants_user_idx').on(t.userId)],
);

export const elevationRequests = pgTable(
  'elevation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id),
    requestReason: text('request_reason').notNull(),
    justification: text('justification').notNull(),
    requestedDuration: integer('requested_duration').notNull().default(4),
    /** What `requested_duration` counts: hours (SPEC, the default) or minutes (short elevations). */
    durationUnit: text('duration_unit').$type<(typeof DURATION_UNITS)[number]>().notNull().default('hours'),
    urgencyLevel: text('urgency_level').$type<(typeof URGENCY_LEVELS)[number]>().notNull().default('medium'),
    status: text('status').$type<(typeof ELEVATION_STATUSES)[number]>().notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('elevation_requests_duration_check', sql`${t.requestedDuration} > 0`),
    check('elevation_requests_duration_unit_check', sql`${t.durationUnit} in ('hours', 'minutes')`),
  ],
);

/** A time-boxed permission, usually the outcome of an approved elevation request. */
export const tempElevations = pgTable(
  'temp_elevations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id),
    requestId: uuid('request_id').references(() => elevationRequests.id),
    amountLimit: money('amount_limit'),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    effectiveUntil: timestamp('effective_until', { withTimezone: true }).notNull(),
    grantedBy: uuid('granted_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('temp_elevations_user_idx').on(t.userId)],
);

export const BADGE_STATUSES = ['simulated', 'active'] as const;
export const BADGE_TYPES = ['stakeholder_access', 'role_assignment'] as const;

/**
 * A role badge (SPEC §3 'Stakeholder badge'): a non-fungible id under a badge resource, linked
 * to the role assignment it proves. In simulation mode (the default) the platform records it
 * itself with status 'simulated'; nothing here claims to be on a ledger then.
 */
export const roleBadges = pgTable(
  'role_badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id').references(() => roleAssignments.id, { onDelete: 'cascade' }),
    /** Role slug, e.g. 'issuer'. */
    roleId: text('role_id').notNull(),
    badgeType: text('badge_type').$type<(typeof BADGE_TYPES)[number]>().notNull(),
    resourceAddress: text('resource_address').notNull(),
    localId: text('local_id').notNull(),
    metadata: jsonb('metadata').$type<Conditions>().notNull().default({}),
    status: text('status').$type<(typeof BADGE_STATUSES)[number]>().notNull(),
    /** The wallet account the badge was issued to, when a wallet was connected. */
    accountAddress: text('account_address'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('role_badges_resource_local_idx').on(t.resourceAddress, t.localId),
    index('role_badges_user_idx').on(t.userId),
    check('role_badges_status_check', sql`${t.status} in ('simulated', 'active')`),
  ],
);
