import { z } from 'zod';
import {
  CONTROL_CHARACTERS,
  CONTROL_CHARACTERS_MESSAGE,
  decimalStringSchema,
  timestampSchema,
  uuidSchema,
} from './common';

// Market supervision: the Regulator Dashboard's data (SPEC §2 "/regulator", §7 calls) and the
// surveillance cases behind its Recent Violations and Investigations table (SPEC §3).

export const CASE_STATUSES = ['investigating', 'under_review', 'resolved'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_SEVERITIES = ['High', 'Medium', 'Low'] as const;
export type CaseSeverity = (typeof CASE_SEVERITIES)[number];
export const SURVEILLANCE_RULES = [
  'wash_trade',
  'spoofing',
  'marking_close',
  'price_ramping',
  'concentration',
] as const;
export type SurveillanceRule = (typeof SURVEILLANCE_RULES)[number];

export const SURVEILLANCE_RULE_LABELS: Record<SurveillanceRule, string> = {
  wash_trade: 'Wash trade',
  spoofing: 'Spoofing / layering',
  marking_close: 'Marking the close',
  price_ramping: 'Price ramping',
  concentration: 'Concentration',
};

/** Which status a case may move to from each status (investigating → under_review → resolved; reopen). */
export const CASE_TRANSITIONS: Record<CaseStatus, readonly CaseStatus[]> = {
  investigating: ['under_review', 'resolved'],
  under_review: ['investigating', 'resolved'],
  resolved: ['investigating'],
};

export const caseSummarySchema = z
  .object({
    id: uuidSchema,
    rule: z.enum(SURVEILLANCE_RULES),
    severity: z.enum(CASE_SEVERITIES),
    status: z.enum(CASE_STATUSES),
    summary: z.string(),
    organisationName: z.string().nullable(),
    instrumentId: uuidSchema,
    instrumentName: z.string(),
    assignedTo: z.string().nullable(),
    detectedAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'SurveillanceCaseSummary' });
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const caseNoteSchema = z.object({
  id: uuidSchema,
  author: z.string(),
  body: z.string(),
  fromStatus: z.enum(CASE_STATUSES).nullable(),
  toStatus: z.enum(CASE_STATUSES).nullable(),
  createdAt: timestampSchema,
});
export type CaseNote = z.infer<typeof caseNoteSchema>;

export const caseEvidenceOrderSchema = z.object({
  id: uuidSchema,
  side: z.enum(['buy', 'sell']),
  price: decimalStringSchema.nullable(),
  quantity: z.string(),
  filledQuantity: z.string(),
  status: z.string(),
  owner: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const caseEvidenceTradeSchema = z.object({
  id: uuidSchema,
  price: decimalStringSchema,
  quantity: z.string(),
  buyer: z.string(),
  seller: z.string(),
  takerSide: z.enum(['buy', 'sell']),
  createdAt: timestampSchema,
});

export const caseDetailSchema = caseSummarySchema
  .extend({
    figures: z.record(z.string(), z.string()),
    timeline: z.array(z.object({ at: timestampSchema, event: z.string() })),
    orders: z.array(caseEvidenceOrderSchema),
    trades: z.array(caseEvidenceTradeSchema),
    notes: z.array(caseNoteSchema),
    allowedTransitions: z.array(z.enum(CASE_STATUSES)),
    resolvedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'SurveillanceCase' });
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseListSchema = z
  .object({ cases: z.array(caseSummarySchema), openCount: z.number().int() })
  .meta({ id: 'SurveillanceCaseList' });
export type CaseList = z.infer<typeof caseListSchema>;

export const caseListQuerySchema = z.object({
  status: z.enum([...CASE_STATUSES, 'open']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const CASE_MESSAGES = {
  noteRequired: 'Please add a note explaining the change.',
} as const;

/** An investigator's note: several lines allowed, no other control characters. */
const noteTextSchema = z
  .string()
  .max(2000)
  .refine((text) => !CONTROL_CHARACTERS.test(text), CONTROL_CHARACTERS_MESSAGE)
  .pipe(z.string().trim().min(1, CASE_MESSAGES.noteRequired));

export const caseTransitionSchema = z
  .object({
    status: z.enum(CASE_STATUSES),
    note: noteTextSchema,
  })
  .meta({ id: 'SurveillanceCaseTransition' });
export type CaseTransitionInput = z.infer<typeof caseTransitionSchema>;

export const caseNoteInputSchema = z.object({ body: noteTextSchema }).meta({ id: 'SurveillanceCaseNoteInput' });

export const caseAssignSchema = z.object({ assigneeId: uuidSchema.optional() }).meta({ id: 'SurveillanceCaseAssign' });

/** One instrument's market quality figures. */
export const instrumentHealthSchema = z.object({
  instrumentId: uuidSchema,
  name: z.string(),
  currency: z.string(),
  lastPrice: decimalStringSchema.nullable(),
  /** Best ask − best bid over the mid, in basis points; null without both sides. */
  spreadBps: z.number().nullable(),
  /** Resting bid and ask value within 2% of the mid, reporting currency. */
  depth: decimalStringSchema,
  /** Annualised standard deviation of hourly log returns over 24 h, percent; null under 3 hourly closes. */
  volatilityPct: z.number().nullable(),
  trades24h: z.number().int(),
  volume24h: decimalStringSchema,
});
export type InstrumentHealth = z.infer<typeof instrumentHealthSchema>;

export const marketOverviewSchema = z
  .object({
    asOf: timestampSchema,
    reportingCurrency: z.string(),
    marketVolume: z.object({
      volume24h: decimalStringSchema,
      previous24h: decimalStringSchema,
      trades24h: z.number().int(),
    }),
    registeredInstitutions: z.object({ total: z.number().int(), active24h: z.number().int() }),
    complianceRate: z.object({
      ratePct: z.number().nullable(),
      compliant: z.number().int(),
      total: z.number().int(),
      definition: z.string(),
    }),
    health: z.object({
      medianSpreadBps: z.number().nullable(),
      depth: decimalStringSchema,
      medianVolatilityPct: z.number().nullable(),
      trades24h: z.number().int(),
      instrumentsTraded24h: z.number().int(),
    }),
    oversight: z.object({
      openCases: z.number().int(),
      highSeverityOpen: z.number().int(),
      underReview: z.number().int(),
      resolved30d: z.number().int(),
      alerts24h: z.number().int(),
      reportsCompleted30d: z.number().int(),
      reportsFailed30d: z.number().int(),
    }),
    instruments: z.array(instrumentHealthSchema),
    recentCases: z.array(caseSummarySchema),
  })
  .meta({ id: 'RegulatorMarketOverview' });
export type MarketOverview = z.infer<typeof marketOverviewSchema>;

export const institutionSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  sector: z.string(),
  country: z.string(),
  lei: z.string().nullable(),
  users: z.number().int(),
  trades30d: z.number().int(),
  volume30d: decimalStringSchema,
  /** Share of the market's 30-day traded value, percent. */
  marketSharePct: z.number(),
  openCases: z.number().int(),
  highSeverityOpen: z.number().int(),
  lastReportAt: timestampSchema.nullable(),
  failedReports30d: z.number().int(),
  compliant: z.boolean(),
});
export type Institution = z.infer<typeof institutionSchema>;

export const institutionListSchema = z
  .object({ reportingCurrency: z.string(), institutions: z.array(institutionSchema) })
  .meta({ id: 'RegulatorInstitutions' });
export type InstitutionList = z.infer<typeof institutionListSchema>;
