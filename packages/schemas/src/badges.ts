import { z } from 'zod';
import { instantSchema } from './common';

/** SPEC §3 badge types: landing role connect (stakeholder) and role assignments. */
export const BADGE_TYPES = ['stakeholder_access', 'role_assignment'] as const;

export const roleBadgeSchema = z
  .object({
    id: z.string(),
    resourceAddress: z.string(),
    localId: z.string(),
    badgeType: z.enum(BADGE_TYPES),
    roleId: z.string(),
    assignmentId: z.string().nullable(),
    metadata: z.object({
      roleName: z.string(),
      description: z.string(),
      connectedAt: instantSchema,
      platform: z.string(),
      blockchainNetwork: z.string(),
      badgeVersion: z.string(),
    }),
    status: z.enum(['simulated', 'active']),
    createdAt: instantSchema,
  })
  .meta({ id: 'RoleBadge' });
export type RoleBadge = z.infer<typeof roleBadgeSchema>;

/** SPEC §7 POST /api/radix/create-badge body; `userId` (a fixed demo value in SPEC) must be the caller's own. */
export const createBadgeSchema = z
  .object({
    userId: z.string().max(100).optional(),
    roleId: z.string().trim().min(1, 'Role is required').max(60),
    badgeType: z.literal('stakeholder_access').default('stakeholder_access'),
    metadata: z
      .object({ roleName: z.string().trim().min(1).max(100), description: z.string().max(500).default('') })
      .strict(),
    accountAddress: z.string().max(200).nullish(),
  })
  .meta({ id: 'CreateBadge' });
export type CreateBadge = z.input<typeof createBadgeSchema>;

/** What the browser needs to know at run time about the ledger connection (SIMULATION_MODE). */
export const ledgerConfigSchema = z
  .object({
    simulationMode: z.boolean(),
    networkId: z.number().int().nullable(),
    dAppDefinitionAddress: z.string().nullable(),
  })
  .meta({ id: 'LedgerConfig' });
export type LedgerConfig = z.infer<typeof ledgerConfigSchema>;
