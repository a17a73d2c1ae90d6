import { z } from 'zod';
import { timestampSchema } from './common';

// Instrument servicing: the ACTUS events paid by the issuer to holders of record.

export const SERVICING_EVENT_STATUSES = ['scheduled', 'paid', 'missed', 'failed'] as const;

export const servicingEventSchema = z.object({
  id: z.uuid(),
  /** ACTUS event type (IP, PR, MD, DV, FP, PP, XD, STD). */
  eventType: z.string(),
  eventTime: timestampSchema,
  /** Holdings at this instant (end of the day before the payment date) are paid. */
  recordTime: timestampSchema,
  /** The whole issue's payoff to holders, decimal (negative: holders would pay). */
  scheduledAmount: z.string(),
  status: z.enum(SERVICING_EVENT_STATUSES),
  /** Paid to holders other than the issuer; the rounding residual stays with the issuer. */
  paidAmount: z.string().nullable(),
  holders: z.number().int().nullable(),
  reason: z.string().nullable(),
  processedAt: timestampSchema.nullable(),
});
export type ServicingEvent = z.infer<typeof servicingEventSchema>;
export const servicingEventListSchema = z.array(servicingEventSchema).meta({ id: 'ServicingEventList' });
