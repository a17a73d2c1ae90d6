import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';

// Instrument servicing: the ACTUS events paid by the issuer to holders of record.

export const SERVICING_EVENT_STATUSES = ['scheduled', 'paid', 'missed', 'failed'] as const;

/**
 * One payment event of an instrument's ACTUS schedule beside what was actually posted: the
 * schedule says what the whole issue pays on the date; the journal says what holders received.
 */
export const instrumentEventSchema = z.object({
  /** The servicing row once the scheduler has written it; null for a date not yet materialised. */
  id: z.uuid().nullable(),
  /** ACTUS event type (IP, PR, MD, DV, FP, PP, XD, STD). */
  eventType: z.string(),
  eventTime: timestampSchema,
  /** Holdings of record: settled units at this instant (exclusive), the start of the payment day (UTC). */
  recordTime: timestampSchema,
  /** The whole issue's payoff to holders as scheduled, decimal in the instrument currency. */
  scheduledAmount: z.string(),
  status: z.enum(SERVICING_EVENT_STATUSES),
  /** Posted to holders other than the issuer (sum of their journal lines); null until processed. */
  paidAmount: z.string().nullable(),
  holders: z.number().int().nullable(),
  /**
   * The signed-in user's own journal line for this event (paid), or their share of it as holder of
   * record when missed or due and not yet paid (pending); null if none.
   */
  ownAmount: z.string().nullable(),
  reason: z.string().nullable(),
  processedAt: timestampSchema.nullable(),
});
export type InstrumentEvent = z.infer<typeof instrumentEventSchema>;

export const instrumentEventsSchema = z
  .object({
    instrumentId: uuidSchema,
    currency: z.string(),
    /** Units in issue: each holder receives floor(scheduled amount x units held / units in issue). */
    units: z.number().int(),
    /** The record-date and rounding conventions, in words (SPEC: shown to holders). */
    convention: z.string(),
    events: z.array(instrumentEventSchema),
  })
  .meta({ id: 'InstrumentEvents' });
export type InstrumentEvents = z.infer<typeof instrumentEventsSchema>;

export const SERVICING_PAYMENT_STATUSES = ['completed', 'pending', 'failed'] as const;

/** A servicing payment to (or missed for) the signed-in holder: one row of Recent Transactions. */
export const servicingPaymentSchema = z.object({
  /** The servicing event's id. */
  id: uuidSchema,
  instrumentId: uuidSchema,
  instrumentName: z.string(),
  /** ACTUS event type (IP coupon, PR/MD principal, DV dividend, …). */
  eventType: z.string(),
  /** The holder's amount, decimal in `currency`: posted (completed), due and not yet posted (pending) or owed and not paid (failed). */
  amount: z.string(),
  currency: z.string(),
  /**
   * completed: posted to the holder (settled); pending: the payment date has come and the holder is
   * of record, the servicing run has not posted it yet; failed: the issuer missed it (credit event).
   */
  status: z.enum(SERVICING_PAYMENT_STATUSES),
  /** When the payment was posted or recorded as missed; for a pending one, its payment date (ISO-8601 UTC). */
  time: timestampSchema,
  reason: z.string().nullable(),
});
export type ServicingPayment = z.infer<typeof servicingPaymentSchema>;
export const servicingPaymentListSchema = z.array(servicingPaymentSchema).meta({ id: 'ServicingPaymentList' });
