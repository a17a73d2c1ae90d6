import { z } from 'zod';
import {
  AMOUNT_MESSAGES,
  decimalInputSchema,
  decimalStringSchema,
  instantSchema,
  isAmountWithinBounds,
  lineTextSchema,
  timestampSchema,
  toMinorUnits,
} from './common';
import { CURRENCIES } from './instrument-constants';
import { currencyDecimalsMessage, fitsCurrency } from './money';
import { cashBalanceSchema } from './portfolio';
import { TRADING_MESSAGES } from './trading';

// Custodian Dashboard (SPEC §2 /custodian, §7 GET /api/custody/assets and /settlements).

/** Settlement statuses (SPEC §3 shows pending, processing, completed; failed carries a reason and is retried). */
export const CUSTODY_SETTLEMENT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type CustodySettlementStatus = (typeof CUSTODY_SETTLEMENT_STATUSES)[number];
/** high: failed or due before today; medium: due today; low: due later (or just completed). */
export const SETTLEMENT_PRIORITIES = ['high', 'medium', 'low'] as const;
export type SettlementPriority = (typeof SETTLEMENT_PRIORITIES)[number];

export const custodyAssetSchema = z.object({
  assetType: z.enum(['cash', 'units']),
  /** Currency code for cash, instrument id for units. */
  asset: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Cash as a decimal amount, units as a whole number. */
  quantity: z.string(),
  /** Value in `currency` (units at the instrument's shown price). */
  value: decimalStringSchema,
  /** Value in the reporting currency; null when no FX rate is known. */
  reportingValue: decimalStringSchema.nullable(),
  /** Share of assets under custody, percent. */
  share: z.number(),
  holders: z.number().int(),
});
export type CustodyAsset = z.infer<typeof custodyAssetSchema>;

export const securityFactorSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** 0..100 for this factor. */
  score: z.number(),
  /** Weight in the overall score. */
  weight: z.number(),
  detail: z.string(),
});

export const custodyControlSchema = z.object({
  key: z.enum(['multiSig', 'coldStorage', 'insurance', 'audit']),
  label: z.string(),
  status: z.enum(['ok', 'attention', 'not_configured']),
  detail: z.string(),
});

export const custodyAssetsSchema = z
  .object({
    reportingCurrency: z.string(),
    ratesAsOf: z.string().nullable(),
    totalValue: decimalStringSchema,
    totalClients: z.number().int(),
    assets: z.array(custodyAssetSchema),
    security: z.object({ score: z.number(), factors: z.array(securityFactorSchema) }),
    controls: z.array(custodyControlSchema),
    risk: z.object({
      /** Largest single client's share of assets under custody, percent. */
      largestClientShare: z.number(),
      /** Largest single asset's share, percent. */
      largestAssetShare: z.number(),
      /** Value of trades not yet settled, reporting currency. */
      unsettledValue: decimalStringSchema,
      /** Value of failed settlements, reporting currency. */
      failedValue: decimalStringSchema,
      /** Share of settlements in the last 30 days that completed on their intended date, percent; null without any. */
      onTimeRate: z.number().nullable(),
    }),
    asOf: timestampSchema,
  })
  .meta({ id: 'CustodyAssets' });
export type CustodyAssets = z.infer<typeof custodyAssetsSchema>;

export const custodySettlementSchema = z.object({
  id: z.uuid(),
  tradeId: z.uuid(),
  /** The buying client (who receives the units). */
  client: z.string(),
  seller: z.string(),
  asset: z.string(),
  instrumentId: z.uuid(),
  currency: z.string(),
  amount: decimalStringSchema,
  units: z.string(),
  status: z.enum(CUSTODY_SETTLEMENT_STATUSES),
  priority: z.enum(SETTLEMENT_PRIORITIES),
  /** Intended settlement date, YYYY-MM-DD. */
  settleOn: z.string().nullable(),
  failureReason: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: timestampSchema,
  settledAt: timestampSchema.nullable(),
});
export type CustodySettlement = z.infer<typeof custodySettlementSchema>;

export const custodySettlementsSchema = z
  .object({
    queue: z.object({
      pending: z.number().int(),
      processing: z.number().int(),
      failed: z.number().int(),
      high: z.number().int(),
      medium: z.number().int(),
      low: z.number().int(),
    }),
    settlements: z.array(custodySettlementSchema),
  })
  .meta({ id: 'CustodySettlements' });
export type CustodySettlements = z.infer<typeof custodySettlementsSchema>;

export const processSettlementsResultSchema = z
  .object({
    completed: z.number().int(),
    failed: z.number().int(),
    /** Not yet due (settlement date after today). */
    notDue: z.number().int(),
  })
  .meta({ id: 'ProcessSettlementsResult' });
export type ProcessSettlementsResult = z.infer<typeof processSettlementsResultSchema>;

/** What a pending custody approval asks for (issue 17 item 8, issue 12 item 4). */
export const CUSTODY_APPROVAL_KINDS = ['custody.withdrawal', 'custody.deposit', 'settlement.batch'] as const;
export type CustodyApprovalKind = (typeof CUSTODY_APPROVAL_KINDS)[number];

/**
 * A custody action waiting for its second signature: a deposit or withdrawal over the
 * custodian's single-signature limit, or a Process Queue batch under dual control. Nothing has
 * moved; a second, distinct custodian approves it (POST /api/custody/approvals/:id/approve).
 */
export const custodyApprovalSchema = z
  .object({
    approvalId: z.uuid(),
    kind: z.enum(CUSTODY_APPROVAL_KINDS),
    summary: z.string(),
    /** Email of the custodian who asked. */
    requestedBy: z.string(),
    /** True when the signed-in user asked for it (they cannot sign it themselves). */
    requestedByYou: z.boolean(),
    /** Value of the action (a batch: the cash legs of its settlements, in USD). */
    currency: z.string(),
    amount: decimalStringSchema,
    requiredApprovers: z.number().int(),
    createdAt: instantSchema,
    expiresAt: instantSchema,
  })
  .meta({ id: 'CustodyApproval' });
export type CustodyApproval = z.infer<typeof custodyApprovalSchema>;

/** Process Queue under dual control: the batch waits for a second custodian's confirmation (202). */
export const processSettlementsPendingSchema = custodyApprovalSchema
  .extend({
    status: z.literal('pending_approval'),
    /** The settlements the batch will settle once confirmed. */
    settlements: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'ProcessSettlementsPending' });
export type ProcessSettlementsPending = z.infer<typeof processSettlementsPendingSchema>;

const amountInput = decimalInputSchema(TRADING_MESSAGES.requiredFields)
  .refine((v) => (toMinorUnits(v) ?? 0n) > 0n, AMOUNT_MESSAGES.positive)
  .refine((v) => (toMinorUnits(v) ?? 0n) <= 0n || isAmountWithinBounds(v), AMOUNT_MESSAGES.tooLarge);

/** `POST /api/custody/deposits` and `/withdrawals`: cash in or out of a user's account. */
export const custodyTransferSchema = z
  .object({
    /** The account holder, by id or by email. */
    userId: z.uuid().optional(),
    email: z.email().optional(),
    currency: z.enum(CURRENCIES),
    amount: amountInput,
    /** The bank's reference of the transfer; a reference is booked once only. */
    reference: lineTextSchema({ max: 200 }).optional(),
  })
  .refine((t) => Boolean(t.userId) !== Boolean(t.email), { message: 'Give either userId or email', path: ['userId'] })
  .refine((t) => fitsCurrency(t.amount, t.currency), {
    error: (issue) => currencyDecimalsMessage((issue.input as { currency: string }).currency),
    path: ['amount'],
  })
  .meta({ id: 'CustodyTransfer' });
export type CustodyTransfer = z.output<typeof custodyTransferSchema>;

export const custodyTransferResultSchema = z
  .object({
    entryId: z.uuid(),
    userId: z.uuid(),
    currency: z.string(),
    amount: decimalStringSchema,
    balance: cashBalanceSchema,
  })
  .meta({ id: 'CustodyTransferResult' });
export type CustodyTransferResult = z.infer<typeof custodyTransferResultSchema>;

/**
 * A deposit or withdrawal over the custodian's single-signature limit (manage_custody's maxAmount, in USD):
 * nothing has moved yet; a second, distinct custodian approves it (POST
 * /api/custody/approvals/:id/approve) and the money moves in that transaction.
 */
export const custodyPendingMoveSchema = z
  .object({
    status: z.literal('pending_approval'),
    approvalId: z.uuid(),
    userId: z.uuid(),
    currency: z.string(),
    amount: decimalStringSchema,
    /** Distinct approvers still needed besides the requester. */
    requiredApprovers: z.number().int(),
    expiresAt: instantSchema,
    message: z.string(),
  })
  .meta({ id: 'CustodyPendingMove' });
export type CustodyPendingMove = z.infer<typeof custodyPendingMoveSchema>;

/**
 * One custodian's decision on a pending custody approval; `move` is the booked deposit or
 * withdrawal once approved, `batch` the settled Process Queue batch.
 */
export const custodyCountersignResultSchema = z
  .object({
    approvalId: z.uuid(),
    status: z.enum(['pending', 'approved', 'rejected', 'expired']),
    approvedBy: z.array(z.string()),
    move: custodyTransferResultSchema.nullable(),
    /** A confirmed Process Queue batch: what it settled. */
    batch: processSettlementsResultSchema.nullable(),
  })
  .meta({ id: 'CustodyCountersignResult' });
export type CustodyCountersignResult = z.infer<typeof custodyCountersignResultSchema>;
