import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const ORGANISATION_SECTORS = ['government', 'corporate', 'municipal', 'financial'] as const;
export type OrganisationSector = (typeof ORGANISATION_SECTORS)[number];

/** Issuers, investors and service providers; users belong to at most one. */
export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    sector: text('sector').$type<OrganisationSector>().notNull(),
    /** Long-term credit rating on the S&P scale, e.g. 'AAA', 'A-', 'BB+'. */
    rating: text('rating').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** ISO 17442 Legal Entity Identifier (seeded demo organisations get MRDN00… codes). */
    lei: text('lei').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organisations_sector_check', sql`${t.sector} in ('government', 'corporate', 'municipal', 'financial')`),
  ],
);
