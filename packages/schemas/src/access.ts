import { z } from 'zod';
import { decimalStringSchema, instantSchema } from './common';

export const PERMISSION_SOURCES = ['role_based', 'direct_grant', 'temp_elevation'] as const;
export type PermissionSource = (typeof PERMISSION_SOURCES)[number];
export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;

const conditionsSchema = z.record(z.string(), z.unknown());

/** One permission the user holds, with where it comes from (SPEC §3 'Permission entry'). */
export const permissionEntrySchema = z
  .object({
    permissionId: z.string(),
    name: z.string(),
    category: z.string(),
    riskLevel: z.enum(RISK_LEVELS),
    source: z.enum(PERMISSION_SOURCES),
    /** Catalogue cap or grant limit in USD, decimal string; null = no limit. */
    maxAmount: decimalStringSchema.nullable(),
    conditions: conditionsSchema,
    expiresAt: instantSchema.nullable(),
  })
  .meta({ id: 'PermissionEntry' });
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;

export const myPermissionsSchema = z
  .object({
    rolePermissions: z.array(
      z.object({
        permission: permissionEntrySchema,
        assignment: z.object({
          id: z.string(),
          roleId: z.string(),
          roleTitle: z.string(),
          conditions: conditionsSchema,
          expiresAt: instantSchema.nullable(),
        }),
      }),
    ),
    directPermissions: z.array(
      z.object({
        permission: permissionEntrySchema,
        grant: z.object({
          id: z.string(),
          amountLimit: decimalStringSchema.nullable(),
          conditions: conditionsSchema,
          expiresAt: instantSchema.nullable(),
        }),
      }),
    ),
    tempElevations: z.array(
      z.object({
        permission: permissionEntrySchema,
        elevation: z.object({
          id: z.string(),
          effectiveUntil: z.string(),
          amountLimit: decimalStringSchema.nullable(),
        }),
      }),
    ),
  })
  .meta({ id: 'MyPermissions' });
export type MyPermissions = z.infer<typeof myPermissionsSchema>;

export const validatePermissionRequestSchema = z
  .object({
    permissionId: z.string().min(1, 'Permission is required'),
    /** Amount in USD the action involves; number or decimal string, at most 2 decimals. */
    amount: z.union([z.number().nonnegative(), decimalStringSchema]).nullish(),
    context: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ValidatePermissionRequest' });
export type ValidatePermissionRequest = z.infer<typeof validatePermissionRequestSchema>;

export const permissionValidationSchema = z
  .object({
    hasPermission: z.boolean(),
    source: z.enum([...PERMISSION_SOURCES, 'none']),
    /** Largest amount the winning source authorizes; null = unlimited or not authorized. */
    amountAuthorized: decimalStringSchema.nullable(),
    conditions: conditionsSchema,
    timestamp: z.string(),
  })
  .meta({ id: 'PermissionValidation' });
export type PermissionValidation = z.infer<typeof permissionValidationSchema>;
