import { z } from 'zod';
import { CONTRACT_TYPES } from './instrument-constants';
import { instantSchema } from './common';

/** A signed decimal amount with at most two fraction digits, e.g. '-12.50' (model prices can be negative for swaps). */
export const signedDecimalStringSchema = z
  .string()
  .regex(/^-?\d+(\.\d{1,2})?$/, 'Must be a decimal amount with at most 2 decimals');

/** One ACTUS contract event as computed by @meridian/actus (payoff in currency, engine double). */
export const contractEventSchema = z
  .looseObject({
    eventDate: z.string(),
    eventType: z.string(),
    payoff: z.number(),
    currency: z.string(),
    notionalPrincipal: z.number(),
    nominalInterestRate: z.number().optional(),
    accruedInterest: z.number().optional(),
  })
  .meta({ id: 'ContractEvent' });
export type ContractEventDto = z.infer<typeof contractEventSchema>;

/** A problem the ACTUS engine found in generated terms. */
export const termProblemSchema = z.object({ term: z.string(), code: z.string(), message: z.string() });
export type TermProblemDto = z.infer<typeof termProblemSchema>;

/** 422 body when the ACTUS engine rejects the terms built from the form. */
export const actusRejectionSchema = z
  .object({ code: z.literal('ACTUS_REJECTED'), message: z.string(), problems: z.array(termProblemSchema) })
  .meta({ id: 'ActusRejection' });
export type ActusRejection = z.infer<typeof actusRejectionSchema>;

/**
 * Where a price comes from: the last trade, the model (discounted ACTUS cash flows on the
 * currency's risk-free curve plus the issuer's rating spread), or, for equity-like contracts
 * that have never traded and have no cash flows to discount, the issue price.
 */
export const PRICE_SOURCES = ['last', 'model', 'issue'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** A row of `GET /api/instruments` and `GET /api/instruments/my`. */
export const instrumentListItemSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    contractType: z.enum(CONTRACT_TYPES),
    currency: z.string(),
    /** Whole-issue notional, decimal string. */
    notionalAmount: z.string(),
    maturityDate: z.iso.date().nullable(),
    status: z.string(),
    createdAt: instantSchema,
    issuerName: z.string().nullable(),
    /** Issuer organisation sector: government | corporate | municipal | financial. */
    sector: z.string().nullable(),
    /** Issuer organisation credit rating, e.g. 'AA'. */
    rating: z.string().nullable(),
    /** Price of one unit in the instrument currency, decimal string; null when no trade and no model applies. */
    price: signedDecimalStringSchema.nullable(),
    priceSource: z.enum(PRICE_SOURCES).nullable(),
    /** Yield to maturity at `price`, percent per year; null when the contract has no fixed cash flows. */
    yield: z.number().nullable(),
    /** Traded value over the last 24 hours in the instrument currency, decimal string. */
    volume24h: z.string(),
    /** Price change over 24 hours in percent (0 without trades in the window). */
    priceChange: z.number(),
  })
  .meta({ id: 'InstrumentListItem' });
export type InstrumentListItem = z.infer<typeof instrumentListItemSchema>;
export const instrumentListSchema = z.array(instrumentListItemSchema);

export const instrumentHolderSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** Whole units held (total, including reserved), decimal string. */
  units: z.string(),
  /** Share of all units in percent. */
  share: z.number(),
});
export type InstrumentHolder = z.infer<typeof instrumentHolderSchema>;

/** `GET /api/instruments/:id` and the 201 body of `POST /api/instruments`. */
export const instrumentDetailSchema = instrumentListItemSchema
  .extend({
    description: z.string().nullable(),
    issueDate: z.iso.date(),
    /** Number of units issued, decimal string of a whole number. */
    units: z.string(),
    /** Face value of one unit, decimal string (100.00 debt, 1.00 equity-like). */
    faceValue: z.string(),
    /** The validated raw ACTUS terms the events are generated from. */
    terms: z.record(z.string(), z.unknown()),
    events: z.array(contractEventSchema),
    /** Macaulay duration in years at `price`; null when not meaningful. */
    duration: z.number().nullable(),
    /** Modified duration in years. */
    modifiedDuration: z.number().nullable(),
    /** Price change of one unit for a 1 basis point parallel fall of yields, in currency. */
    dv01: z.number().nullable(),
    holders: z.array(instrumentHolderSchema),
    /** The next event with a cash flow after now (whole-issue payoff, holder's view), or null. */
    nextPayment: z
      .object({ eventDate: z.string(), eventType: z.string(), payoff: z.number(), currency: z.string() })
      .nullable(),
  })
  .meta({ id: 'InstrumentDetail' });
export type InstrumentDetail = z.infer<typeof instrumentDetailSchema>;

export const instrumentIdParamsSchema = z.object({ id: z.uuid() });
