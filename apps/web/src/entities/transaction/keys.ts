/** Query keys of the servicing payments source (style: see entities/README.md). */
export const servicingPaymentKeys = {
  /** GET /api/servicing/payments/my */
  mine: () => ['/api/servicing', 'payments', 'my'] as const,
};
