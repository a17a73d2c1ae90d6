import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { instruments } from './instruments';
import { organisations } from './organisations';

// Market surveillance (modules/surveillance): cases raised by the rules over the order and trade
// flow, their notes, and each rule's cursor over the trade sequence.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const CASE_STATUSES = ['investigating', 'under_review', 'resolved'] as const;
export const CASE_SEVERITIES = ['High', 'Medium', 'Low'] as const;

/** What a rule saw: the orders and trades involved and a timeline of them. */
export interface CaseEvidence {
  /** Figures the rule computed (shares, moves, sizes) as display strings. */
  figures: Record<string, string>;
  orderIds: string[];
  tradeIds: string[];
  timeline: { at: string; event: string }[];
}

/** One detection of a rule, raised as a case (an alert and its investigation are one row). */
export const surveillanceCases = pgTable(
  'surveillance_cases',
  {
    id: uuid('id').primaryKey(),
    rule: text('rule').notNull(),
    /** One case per rule and subject (e.g. wash:<org>:<instrument>:<day>); later hits add evidence. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    severity: text('severity').$type<(typeof CASE_SEVERITIES)[number]>().notNull(),
    status: text('status').$type<(typeof CASE_STATUSES)[number]>().notNull().default('investigating'),
    /** The participant suspected; null for the operator's own accounts. */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    /** The user whose orders triggered the rule. */
    subjectUserId: uuid('subject_user_id').references(() => users.id),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id),
    summary: text('summary').notNull(),
    evidence: jsonb('evidence').$type<CaseEvidence>().notNull(),
    assignedTo: uuid('assigned_to').references(() => users.id),
    detectedAt: ts('detected_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    index('surveillance_cases_detected_idx').on(t.detectedAt),
    index('surveillance_cases_org_status_idx').on(t.organisationId, t.status),
    check('surveillance_cases_status_check', sql`${t.status} in ('investigating', 'under_review', 'resolved')`),
    check('surveillance_cases_severity_check', sql`${t.severity} in ('High', 'Medium', 'Low')`),
  ],
);

/** An investigator's note, optionally with the status change it came with. */
export const surveillanceCaseNotes = pgTable(
  'surveillance_case_notes',
  {
    id: uuid('id').primaryKey(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => surveillanceCases.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('surveillance_case_notes_case_idx').on(t.caseId, t.createdAt)],
);

/** How far each rule has read the trade sequence (rules run incrementally, never a full rescan). */
export const surveillanceCursors = pgTable('surveillance_cursors', {
  rule: text('rule').primaryKey(),
  lastSequence: bigint('last_sequence', { mode: 'bigint' }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
