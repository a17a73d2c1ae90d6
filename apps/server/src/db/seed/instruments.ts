import { addMonths, instrumentFormSchema } from '@meridian/schemas';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { instruments, organisations, roleAssignments, roles, users } from '../schema';
import { createInstrument } from '../../modules/instruments/service';
import { DEMO_INSTRUMENTS, type DemoInstrument } from './instrument-catalogue';

/** Demo users who issue for their organisation; other issuers get an issuance desk user. */
const ISSUING_USERS: Record<string, string> = {
  'Atlas Industrial Holdings plc': 'issuer@meridian.test',
  'Meridian Markets Ltd': 'demo@meridian.test',
};

/**
 * Issues the demo listings through the same path as the wizard (terms checked by the ACTUS
 * engine, units credited to the issuer). Idempotent: instruments are matched by name.
 */
export async function seedInstruments(db: Db, today = new Date().toISOString().slice(0, 10)): Promise<void> {
  const existing = (await db.select({ name: instruments.name }).from(instruments)).map((row) => row.name);
  for (const demo of DEMO_INSTRUMENTS) {
    // Dates follow the seed day, so a later restart may compute another maturity year: match any year.
    const pattern = new RegExp(`^${demo.name.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{year}', '\\d{4}')}$`);
    if (existing.some((name) => pattern.test(name))) continue;
    const form = demoForm(demo, today);
    const userId = await issuingUser(db, demo.issuer);
    await createInstrument(
      db,
      userId,
      instrumentFormSchema.parse(form),
      new Date(`${form.issueDate}T09:00:00Z`),
      demo.settlementCycle ?? 0,
    );
  }
}

function demoForm(demo: DemoInstrument, today: string) {
  // Issue on the 15th of the month `issuedMonthsAgo` back: stable dates within a month.
  const issueDate = addMonths(`${today.slice(0, 8)}15`, -demo.issuedMonthsAgo);
  const maturityDate = demo.years === undefined ? '' : addMonths(issueDate, demo.years * 12);
  const name = demo.name.replace('{year}', maturityDate.slice(0, 4));
  return { ...demo.form, name, issueDate, maturityDate };
}

async function issuingUser(db: Db, organisation: string): Promise<string> {
  const email = ISSUING_USERS[organisation] ?? `issuance.${slug(organisation)}@issuers.meridian.test`;
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (found) return found.id;
  const [org] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.name, organisation));
  if (!org) throw new Error(`Demo issuer organisation missing: ${organisation}`);
  return db.transaction(async (tx) => {
    // A desk account without credentials: it owns the listings but nobody signs in as it.
    const [user] = await tx
      .insert(users)
      .values({ email, name: `${organisation} Issuance Desk`, emailVerified: true, organisationId: org.id })
      .returning({ id: users.id });
    const [issuerRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleId, 'issuer'));
    if (issuerRole) {
      const [held] = await tx
        .select({ id: roleAssignments.id })
        .from(roleAssignments)
        .where(and(eq(roleAssignments.userId, user!.id), eq(roleAssignments.roleId, issuerRole.id)));
      if (!held) await tx.insert(roleAssignments).values({ userId: user!.id, roleId: issuerRole.id, conditions: {} });
    }
    return user!.id;
  });
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
