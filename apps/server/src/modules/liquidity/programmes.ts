import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quoteMids, quotingProgrammes } from '../../db/schema';

// The quoting programme is the contract between a liquidity provider and the dashboard:
// the provider quotes each instrument at the programme's spread, and records the mid each
// quote was placed around so its fills can be measured against it.

export interface ProgrammeSettings {
  halfSpreadBp: number;
  status: 'active' | 'paused';
  updatedAt: Date;
}

/** Creates the maker's programme on each instrument it quotes (existing ones keep their settings). */
export async function ensureProgrammes(
  db: Db,
  makerUserId: string,
  instrumentIds: readonly string[],
  halfSpreadBp: number,
): Promise<void> {
  if (instrumentIds.length === 0) return;
  await db
    .insert(quotingProgrammes)
    .values(instrumentIds.map((instrumentId) => ({ instrumentId, makerUserId, halfSpreadBp })))
    .onConflictDoNothing({ target: quotingProgrammes.instrumentId });
}

/** The maker's current settings per instrument (read by the provider every round). */
export async function programmeSettings(db: Db, makerUserId: string): Promise<Map<string, ProgrammeSettings>> {
  const rows = await db
    .select({
      instrumentId: quotingProgrammes.instrumentId,
      halfSpreadBp: quotingProgrammes.halfSpreadBp,
      status: quotingProgrammes.status,
      updatedAt: quotingProgrammes.updatedAt,
    })
    .from(quotingProgrammes)
    .where(eq(quotingProgrammes.makerUserId, makerUserId));
  return new Map(rows.map(({ instrumentId, ...settings }) => [instrumentId, settings]));
}

/** Remembers the mid a just-placed quote was priced around. */
export async function recordQuoteMid(db: Db, orderId: string, instrumentId: string, mid: bigint): Promise<void> {
  await db.insert(quoteMids).values({ orderId, instrumentId, mid }).onConflictDoNothing();
}

/** Adjust Spreads: sets the programme's half spread on one instrument, or on all; answers how many changed. */
export async function setSpread(
  db: Db,
  input: { instrumentId?: string; halfSpreadBp: number; updatedBy: string },
): Promise<number> {
  const rows = await db
    .update(quotingProgrammes)
    .set({ halfSpreadBp: input.halfSpreadBp, updatedBy: input.updatedBy, updatedAt: sql`now()` })
    .where(input.instrumentId ? and(eq(quotingProgrammes.instrumentId, input.instrumentId)) : undefined)
    .returning({ id: quotingProgrammes.instrumentId });
  return rows.length;
}
