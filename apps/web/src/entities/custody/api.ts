import {
  custodyApprovalSchema,
  custodyAssetsSchema,
  custodyCountersignResultSchema,
  custodySettlementsSchema,
  processSettlementsPendingSchema,
  processSettlementsResultSchema,
  type CustodyApproval,
  type CustodyAssets,
  type CustodyCountersignResult,
  type CustodySettlements,
  type ProcessSettlementsPending,
  type ProcessSettlementsResult,
} from '@meridian/schemas';
import { z } from 'zod';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { custodyKeys } from './keys';

/** GET /api/custody/assets: assets under custody, security score, controls and risk figures. */
export async function getCustodyAssets(): Promise<CustodyAssets> {
  return custodyAssetsSchema.parse(await apiRequest('GET', urlFromQueryKey(custodyKeys.assets())));
}

/** GET /api/custody/settlements: the settlement queue and recent settlements. */
export async function getCustodySettlements(): Promise<CustodySettlements> {
  return custodySettlementsSchema.parse(await apiRequest('GET', urlFromQueryKey(custodyKeys.settlements())));
}

/**
 * POST /api/custody/settlements/process: Process Queue. Settles what is due today (200), or,
 * under dual control, prepares the batch for a second custodian to confirm (202, pending_approval).
 */
export async function processSettlements(): Promise<ProcessSettlementsResult | ProcessSettlementsPending> {
  return z
    .union([processSettlementsPendingSchema, processSettlementsResultSchema])
    .parse(await apiRequest('POST', '/api/custody/settlements/process', {}));
}

/** GET /api/custody/approvals: custody actions waiting for a second custodian's signature. */
export async function getCustodyApprovals(): Promise<CustodyApproval[]> {
  return z.array(custodyApprovalSchema).parse(await apiRequest('GET', urlFromQueryKey(custodyKeys.approvals())));
}

/** POST /api/custody/approvals/:id/approve|reject: the second signature (never the requester's). */
export async function decideCustodyApproval({
  approvalId,
  decision,
}: {
  approvalId: string;
  decision: 'approve' | 'reject';
}): Promise<CustodyCountersignResult> {
  return custodyCountersignResultSchema.parse(
    await apiRequest('POST', `/api/custody/approvals/${encodeURIComponent(approvalId)}/${decision}`, {}),
  );
}
