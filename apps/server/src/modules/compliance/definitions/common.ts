import { PermanentJobError } from '../../jobs';
import type { ReportContext } from '../model';

/**
 * Meridian is not a registered trading venue and has no MIC (ISO 10383); EMIR and MiFIR
 * reports say so with 'XOFF' rather than an invented code (DOMAIN-NOTES "MIC").
 */
export const VENUE_MIC = 'XOFF';

/** A party's LEI: its organisation's, or the operator's for the platform's own accounts (no organisation). */
export function partyLei(orgId: string | null, lei: string | null, ctx: ReportContext): string {
  if (!orgId) return ctx.platformLei;
  if (!lei) throw new PermanentJobError(`Organisation ${orgId} has no LEI; the report cannot identify it.`);
  return lei;
}

export function requireIsins(instrumentsWithout: string[]): void {
  if (instrumentsWithout.length > 0)
    throw new PermanentJobError(
      `Instrument without identifier: ${instrumentsWithout.join(', ')} has no ISIN, so the report cannot identify it.`,
    );
}
