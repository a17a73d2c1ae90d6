import { STAKEHOLDER_ROLES } from '@meridian/schemas';
import { hashPassword } from 'better-auth/crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { accounts, organisations, roleAssignments, roles, users } from '../schema';

/** Shared by every demo account; shown on the sign-in page in demo mode only. */
export const DEMO_PASSWORD = 'meridian-demo';

export interface DemoUser {
  email: string;
  name: string;
  roles: readonly string[];
  organisation: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@meridian.test', name: 'Alex Morgan', roles: ['administrator'], organisation: 'Meridian Markets Ltd' },
  // Dual control needs two approvers besides the requester (access approvals).
  { email: 'admin2@meridian.test', name: 'Priya Shah', roles: ['administrator'], organisation: 'Meridian Markets Ltd' },
  { email: 'admin3@meridian.test', name: 'Tomas Berg', roles: ['administrator'], organisation: 'Meridian Markets Ltd' },
  { email: 'demo@meridian.test', name: 'Demo User', roles: STAKEHOLDER_ROLES, organisation: 'Meridian Markets Ltd' },
  {
    email: 'issuer@meridian.test',
    name: 'Isabel Hart',
    roles: ['issuer'],
    organisation: 'Atlas Industrial Holdings plc',
  },
  {
    email: 'investor@meridian.test',
    name: 'Ivan Petrov',
    roles: ['investor'],
    organisation: 'Keystone Asset Management',
  },
  { email: 'investor2@meridian.test', name: 'Grace Liu', roles: ['investor'], organisation: 'Helvetic Alpine Bank AG' },
  {
    email: 'marketmaker@meridian.test',
    name: 'Marcus Reed',
    roles: ['market_maker'],
    organisation: 'Harbor Liquidity Partners',
  },
  {
    email: 'custodian@meridian.test',
    name: 'Clara Jensen',
    roles: ['custodian'],
    organisation: 'Sentinel Custody Trust',
  },
  // Custody is under dual control: a second custodian confirms Process Queue and signs large moves.
  {
    email: 'custodian2@meridian.test',
    name: 'Jonas Weber',
    roles: ['custodian'],
    organisation: 'Sentinel Custody Trust',
  },
  {
    email: 'compliance@meridian.test',
    name: 'Omar Haddad',
    roles: ['compliance'],
    organisation: 'Meridian Markets Ltd',
  },
  {
    email: 'regulator@meridian.test',
    name: 'Rachel Stone',
    roles: ['regulator'],
    organisation: 'Financial Markets Supervisory Authority',
  },
];

// scrypt is deliberately slow; the demo accounts share one public password, so one hash
// per process keeps test databases quick to seed.
let demoHash: Promise<string> | undefined;
const demoPasswordHash = () => (demoHash ??= hashPassword(DEMO_PASSWORD));

/**
 * A demo person who signs in with the demo password but is not a one-click account of the
 * sign-in page (their roles come from a later seed step); answers the user id. Idempotent.
 */
export async function ensureDemoPerson(
  tx: Tx,
  person: { email: string; name: string; organisation: string },
): Promise<string> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, person.email));
  if (existing) return existing.id;
  const [org] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.name, person.organisation));
  const [created] = await tx
    .insert(users)
    .values({ email: person.email, name: person.name, emailVerified: true, organisationId: org?.id ?? null })
    .returning({ id: users.id });
  const userId = created!.id;
  await tx
    .insert(accounts)
    .values({ userId, accountId: userId, providerId: 'credential', password: await demoPasswordHash() });
  return userId;
}

/** Creates missing demo users with a credential account and their role assignments. */
export async function seedUsers(db: Db): Promise<void> {
  const hash = await demoPasswordHash();
  await db.transaction(async (tx) => {
    const orgs = await tx.select({ id: organisations.id, name: organisations.name }).from(organisations);
    const orgId = new Map(orgs.map((o) => [o.name, o.id]));
    const roleRows = await tx.select({ id: roles.id, roleId: roles.roleId }).from(roles);
    const roleId = new Map(roleRows.map((r) => [r.roleId, r.id]));
    for (const demo of DEMO_USERS) {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
      let userId = existing?.id;
      if (!userId) {
        const [created] = await tx
          .insert(users)
          .values({
            email: demo.email,
            name: demo.name,
            emailVerified: true,
            organisationId: orgId.get(demo.organisation) ?? null,
          })
          .returning({ id: users.id });
        userId = created!.id;
        await tx.insert(accounts).values({ userId, accountId: userId, providerId: 'credential', password: hash });
      }
      const wanted = demo.roles.map((slug) => roleId.get(slug)!).filter(Boolean);
      const held = await tx
        .select({ roleId: roleAssignments.roleId })
        .from(roleAssignments)
        .where(and(eq(roleAssignments.userId, userId), inArray(roleAssignments.roleId, wanted)));
      const missing = wanted.filter((id) => !held.some((h) => h.roleId === id));
      if (missing.length > 0) {
        await tx.insert(roleAssignments).values(missing.map((id) => ({ userId: userId!, roleId: id, conditions: {} })));
      }
    }
  });
}
