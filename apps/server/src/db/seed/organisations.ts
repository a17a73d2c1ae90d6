import type { Db } from '../client';
import { organisations, type OrganisationSector } from '../schema';

export interface DemoOrganisation {
  name: string;
  sector: OrganisationSector;
  rating: string;
  country: string;
}

/** Fictional issuers across sectors and ratings, plus the firms the demo users work for. */
export const DEMO_ORGANISATIONS: readonly DemoOrganisation[] = [
  { name: 'Republic of Norland Treasury', sector: 'government', rating: 'AAA', country: 'NO' },
  { name: 'Federal Finance Agency of Veridia', sector: 'government', rating: 'AA+', country: 'US' },
  { name: 'Kingdom of Esterra Debt Office', sector: 'government', rating: 'A', country: 'ES' },
  { name: 'City of Lakeport', sector: 'municipal', rating: 'AA', country: 'US' },
  { name: 'Riverton Water Authority', sector: 'municipal', rating: 'A+', country: 'US' },
  { name: 'Atlas Industrial Holdings plc', sector: 'corporate', rating: 'A-', country: 'GB' },
  { name: 'Brightline Energy Corp', sector: 'corporate', rating: 'BBB', country: 'US' },
  { name: 'Vireo Technologies Inc.', sector: 'corporate', rating: 'BB+', country: 'US' },
  { name: 'Helvetic Alpine Bank AG', sector: 'financial', rating: 'AA-', country: 'CH' },
  { name: 'Keystone Asset Management', sector: 'financial', rating: 'A+', country: 'US' },
  { name: 'Harbor Liquidity Partners', sector: 'financial', rating: 'A-', country: 'US' },
  { name: 'Sentinel Custody Trust', sector: 'financial', rating: 'AA-', country: 'US' },
  { name: 'Meridian Markets Ltd', sector: 'financial', rating: 'A', country: 'GB' },
  { name: 'Financial Markets Supervisory Authority', sector: 'government', rating: 'AAA', country: 'GB' },
];

export async function seedOrganisations(db: Db): Promise<void> {
  await db
    .insert(organisations)
    .values([...DEMO_ORGANISATIONS])
    .onConflictDoNothing({ target: organisations.name });
}
