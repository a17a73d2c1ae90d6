import type { ServicingPayment } from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { servicingPaymentKeys } from './keys';

/**
 * GET /api/servicing/payments/my: coupons, redemptions, dividends… received or missed, newest
 * first. Typed, not parsed again: the server serialises it through the schema (decision 0038).
 */
export async function getMyServicingPayments(): Promise<ServicingPayment[]> {
  return apiRequest<ServicingPayment[]>('GET', urlFromQueryKey(servicingPaymentKeys.mine()));
}
