import { issueBadge } from '../../modules/access/badges';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { ensureDemoPerson } from './users';
import {
  departments,
  elevationRequests,
  permissions,
  roleAssignments,
  rolePermissions,
  roles,
  tempElevations,
  users,
} from '../schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const usd = (dollars: number) => BigInt(dollars) * 100n;

/** Desks beyond the system departments, so /roles shows an organisation at work. */
const DEMO_DEPARTMENTS = [
  {
    code: 'SPD',
    name: 'Structured Products',
    budgetAuthority: usd(25_000_000),
    complianceLevel: 'enhanced' as const,
    requiresDualControl: true,
  },
  {
    code: 'TREAS',
    name: 'Treasury Operations',
    budgetAuthority: usd(50_000_000),
    complianceLevel: 'standard' as const,
    requiresDualControl: false,
  },
];

const DEMO_ROLES = [
  {
    roleId: 'structured_products_lead',
    title: 'Structured Products Lead',
    level: 6,
    departmentCode: 'SPD',
    requiresSupervision: false,
    permissions: ['create_instruments', 'manage_instruments'],
  },
  {
    roleId: 'treasury_analyst',
    title: 'Treasury Analyst',
    level: 4,
    departmentCode: 'TREAS',
    requiresSupervision: true,
    permissions: ['view_portfolio', 'view_risk_metrics'],
  },
  // Issuance under supervision (decisions 0049, 0078): a junior issuer's issue above the role's
  // own limit ($25,000,000.00, well under create_instruments' $500,000,000.00 cap) goes to the
  // senior issuer of the same desk, a higher level in Capital Markets who may approve, instead
  // of failing.
  {
    roleId: 'senior_issuer',
    title: 'Senior Issuer',
    level: 7,
    departmentCode: 'CAPMKT',
    requiresSupervision: false,
    permissions: [
      'create_instruments',
      'manage_instruments',
      'approve_elevations',
      'view_portfolio',
      'view_market_data',
    ],
  },
  {
    roleId: 'junior_issuer',
    title: 'Junior Issuer',
    level: 3,
    departmentCode: 'CAPMKT',
    requiresSupervision: true,
    amountLimit: usd(25_000_000),
    permissions: ['create_instruments', 'view_portfolio', 'view_market_data'],
  },
];

/** The issuance desk of Atlas Industrial Holdings beside its one-click issuer (not one-click accounts). */
const DEMO_STAFF = [
  { email: 'senior.issuer@meridian.test', name: 'Helen Okafor', organisation: 'Atlas Industrial Holdings plc' },
  { email: 'junior.issuer@meridian.test', name: 'Noah Fischer', organisation: 'Atlas Industrial Holdings plc' },
];

/** Issuer desks get the demo roles (never the one-click demo accounts, whose roles tests pin). */
const DEMO_ASSIGNMENTS = [
  {
    email: 'issuance.brightline-energy-corp@issuers.meridian.test',
    roleId: 'structured_products_lead',
    expiresIn: null,
  },
  // Expires soon: the Assignments tab shows an expiry, and the sweep will retire it.
  { email: 'issuance.city-of-lakeport@issuers.meridian.test', roleId: 'treasury_analyst', expiresIn: 36 * HOUR },
  { email: 'issuance.riverton-water-authority@issuers.meridian.test', roleId: 'treasury_analyst', expiresIn: 30 * DAY },
  { email: 'senior.issuer@meridian.test', roleId: 'senior_issuer', expiresIn: null },
  { email: 'junior.issuer@meridian.test', roleId: 'junior_issuer', expiresIn: null },
];

/**
 * Demo departments, roles, the Atlas issuance desk's senior and (supervised) junior issuer, and
 * assignments (one expiring within two days), plus an approved
 * and an expired elevation so every request status appears. Idempotent: each row is looked
 * up by its natural key first. Runs after the instruments step, which creates the issuer desks.
 */
export async function seedAccessOrganisation(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const d of DEMO_DEPARTMENTS) {
      await tx.insert(departments).values(d).onConflictDoNothing({ target: departments.code });
    }
    // Demo roles sit in demo departments and in system ones (Capital Markets).
    const deptRows = await tx
      .select({ id: departments.id, code: departments.code })
      .from(departments)
      .where(
        inArray(
          departments.code,
          DEMO_ROLES.map((r) => r.departmentCode),
        ),
      );
    for (const r of DEMO_ROLES) {
      const [role] = await tx
        .insert(roles)
        .values({
          roleId: r.roleId,
          title: r.title,
          level: r.level,
          departmentId: deptRows.find((d) => d.code === r.departmentCode)!.id,
          requiresSupervision: r.requiresSupervision,
          amountLimit: 'amountLimit' in r ? r.amountLimit : null,
        })
        .onConflictDoNothing({ target: roles.roleId })
        .returning({ id: roles.id });
      // A database seeded before roles had limits gets the demo limit once (none is ever cleared).
      if (!role && 'amountLimit' in r)
        await tx
          .update(roles)
          .set({ amountLimit: r.amountLimit })
          .where(and(eq(roles.roleId, r.roleId), isNull(roles.amountLimit)));
      if (!role) continue;
      const perms = await tx
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.permissionId, r.permissions));
      await tx.insert(rolePermissions).values(perms.map((p) => ({ roleId: role.id, permissionId: p.id })));
    }
    for (const person of DEMO_STAFF) await ensureDemoPerson(tx, person);
    await seedAssignments(tx, now);
    await seedDecidedElevations(tx, now);
  });
}

async function seedAssignments(tx: Tx, now: Date) {
  for (const a of DEMO_ASSIGNMENTS) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, a.email));
    const [role] = await tx.select({ id: roles.id, title: roles.title }).from(roles).where(eq(roles.roleId, a.roleId));
    if (!user || !role) continue;
    const [held] = await tx
      .select({ id: roleAssignments.id })
      .from(roleAssignments)
      .where(and(eq(roleAssignments.userId, user.id), eq(roleAssignments.roleId, role.id)));
    if (held) continue;
    const assignedDate = new Date(now.getTime() - 14 * DAY);
    const [assignment] = await tx
      .insert(roleAssignments)
      .values({
        userId: user.id,
        roleId: role.id,
        assignedDate,
        expiresAt: a.expiresIn === null ? null : new Date(now.getTime() + a.expiresIn),
        conditions: {},
      })
      .returning({ id: roleAssignments.id });
    // The badge proving the assignment, recorded as the server issues it (simulated, audited).
    const badge = await issueBadge(
      tx,
      {
        userId: user.id,
        assignmentId: assignment!.id,
        roleSlug: a.roleId,
        badgeType: 'role_assignment',
        roleName: role.title,
        description: `${role.title} assigned on Meridian`,
        createdBy: null,
      },
      { simulation: true },
      { actorId: null, authorisedBy: 'seed' },
      assignedDate,
    );
    await tx
      .update(roleAssignments)
      .set({ badgeResourceAddress: badge.resourceAddress, badgeLocalId: badge.localId })
      .where(eq(roleAssignments.id, assignment!.id));
  }
}

/** One approved elevation still running and one that ran out, decided by the administrator. */
async function seedDecidedElevations(tx: Tx, now: Date) {
  const idOf = async (email: string) =>
    (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
  const [admin, compliance, regulator] = await Promise.all(
    ['admin@meridian.test', 'compliance@meridian.test', 'regulator@meridian.test'].map(idOf),
  );
  if (!admin || !compliance || !regulator) return;
  const permissionRow = async (id: string) =>
    (await tx.select({ id: permissions.id }).from(permissions).where(eq(permissions.permissionId, id)))[0]!.id;
  const demo = [
    {
      userId: compliance,
      permissionId: await permissionRow('manage_risk_limits'),
      requestReason: 'Raise the concentration limit for the quarter-end rebalancing',
      justification: 'Risk committee minute 2026-47 approved a temporary 30% limit.',
      requestedDuration: 24,
      urgencyLevel: 'high' as const,
      createdAt: new Date(now.getTime() - 6 * HOUR),
    },
    {
      userId: regulator,
      permissionId: await permissionRow('run_stress_tests'),
      requestReason: 'Re-run the 2008 stress scenario on a supervised bank',
      justification: 'The result submitted by the bank is disputed; the on-site team needs it today.',
      requestedDuration: 4,
      urgencyLevel: 'medium' as const,
      createdAt: new Date(now.getTime() - 3 * DAY),
    },
  ];
  for (const [i, r] of demo.entries()) {
    const [exists] = await tx
      .select({ id: elevationRequests.id })
      .from(elevationRequests)
      .where(and(eq(elevationRequests.userId, r.userId), eq(elevationRequests.requestReason, r.requestReason)));
    if (exists) continue;
    const decidedAt = new Date(r.createdAt.getTime() + HOUR);
    const effectiveUntil = new Date(decidedAt.getTime() + r.requestedDuration * HOUR);
    const [request] = await tx
      .insert(elevationRequests)
      .values({ ...r, status: i === 0 ? 'approved' : 'expired', decidedBy: admin, decidedAt })
      .returning({ id: elevationRequests.id });
    await tx.insert(tempElevations).values({
      userId: r.userId,
      permissionId: r.permissionId,
      requestId: request!.id,
      effectiveFrom: decidedAt,
      effectiveUntil,
      grantedBy: admin,
    });
  }
}
