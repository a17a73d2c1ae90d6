import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalText } from './chain';
import { ORDER_CANCEL_ACTION, ORDER_PLACE_ACTION, orderAfterJson, orderRowText, type AuditedOrder } from './order-rows';

const order = (price: bigint | null, over: Partial<AuditedOrder> = {}): AuditedOrder => ({
  id: '3f1c2a4e-8b7d-4c6e-9a5f-0d1e2f3a4b5c',
  userId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
  instrumentId: 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D',
  side: 'buy',
  type: 'limit',
  price,
  quantity: 120n,
  filledQuantity: 35n,
  status: 'partially_filled',
  ...over,
});

describe('orderAfterJson', () => {
  // What the batch statement's jsonb_build_object over the written order reads back as.
  it.each([
    [null, null],
    [5n, '0.05'],
    [100n, '1.00'],
    [10125n, '101.25'],
    [123456789012n, '1234567890.12'],
  ])('price %s: the canonical JSON of the after summary', (price, text) => {
    const o = order(price, price === null ? { type: 'market' } : {});
    expect(orderAfterJson(o)).toBe(
      canonicalJson({
        instrumentId: o.instrumentId.toLowerCase(),
        side: o.side,
        type: o.type,
        quantity: o.quantity.toString(),
        price: text,
        filledQuantity: o.filledQuantity.toString(),
        status: o.status,
      }),
    );
  });
});

describe('orderRowText', () => {
  // The write path's direct form must hash what canonicalText (and so audit:verify) gives.
  it.each([
    ['place', 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e', null, null, null, null],
    ['cancel', null, 'ops@example.com', 'system: instrument "matured"', 'req-7\\x', '::ffff:127.0.0.1'],
  ] as const)(
    '%s: the same text as canonicalText',
    (action, actorId, actorEmail, authorisedBy, requestId, clientAddress) => {
      const o = order(10125n);
      const occurredAt = new Date('2026-11-25T07:00:00.123Z');
      const chain = 'orders:a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
      const common = { chain: JSON.stringify(chain), occurredAt: JSON.stringify(occurredAt.toISOString()) };
      const content = {
        occurredAt,
        actorId,
        actorEmail,
        action: action === 'place' ? ORDER_PLACE_ACTION : ORDER_CANCEL_ACTION,
        authorisedBy,
        subjectType: 'order',
        subjectId: o.id,
        before: null,
        after: null,
        requestId,
        clientAddress,
      };
      expect(
        orderRowText(common, action, 42, actorId, actorEmail, authorisedBy, requestId, clientAddress, o.id, o),
      ).toBe(canonicalText(content, chain, '42', 'null', orderAfterJson(o)));
    },
  );
});
