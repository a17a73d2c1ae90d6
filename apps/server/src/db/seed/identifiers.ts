import { createHash } from 'node:crypto';
import { platformLei } from '@meridian/schemas';
import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { organisations } from '../schema';

/**
 * A fictional organisation's LEI: MRDN00 + 12 base-36 characters of the SHA-256 of its name
 * + MOD 97-10 check digits. Deterministic, so every fresh install gets the same codes.
 */
export function demoLei(name: string): string {
  const hash = BigInt(`0x${createHash('sha256').update(name).digest('hex')}`);
  return platformLei(hash.toString(36).toUpperCase().slice(0, 12).padStart(12, '0'));
}

/** Gives every demo organisation without an LEI its generated one. Instruments get ISINs from the database. */
export async function seedOrganisationLeis(db: Db): Promise<void> {
  const missing = await db.select().from(organisations).where(isNull(organisations.lei));
  for (const org of missing)
    await db
      .update(organisations)
      .set({ lei: demoLei(org.name) })
      .where(eq(organisations.id, org.id));
}
