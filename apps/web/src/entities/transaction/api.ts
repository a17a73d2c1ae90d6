import { servicingPaymentListSchema, type ServicingPayment } from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { servicingPaymentKeys } from './keys';

/** GET /api/servicing/payments/my: coupons, redemptions, dividends… received or missed, newest first. */
export async function getMyServicingPayments(): Promise<ServicingPayment[]> {
  return servicingPaymentListSchema.parse(await apiRequest('GET', urlFromQueryKey(servicingPaymentKeys.mine())));
}
