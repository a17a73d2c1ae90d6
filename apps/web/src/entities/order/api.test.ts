import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder } from '@/test/fixtures';
import { cancelOrder, placeOrder } from './api';

const INSTRUMENT = '5b0f4a5e-8f0a-4a55-9d1b-2f1d8f1f4c11';
const ORDER = anOrder({ instrumentId: INSTRUMENT, quantity: 3, remainingQuantity: 3, price: '99.50' });

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('placeOrder', () => {
  it('posts the checked body with an Idempotency-Key', async () => {
    const fetchMock = stubFetch(201, ORDER);
    const input = { instrumentId: INSTRUMENT, orderType: 'buy', type: 'limit', quantity: '3', price: '99.5' } as const;
    const placed = await placeOrder(input, 'key-1');
    expect(placed.id).toBe(ORDER.id);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/orders');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'Idempotency-Key': 'key-1', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toMatchObject({ instrumentId: INSTRUMENT, quantity: 3, timeInForce: 'GTC' });
  });

  it('gives every submit its own key', async () => {
    const fetchMock = stubFetch(201, ORDER);
    const input = { instrumentId: INSTRUMENT, orderType: 'buy', type: 'market', quantity: 1, price: null } as const;
    await placeOrder(input);
    await placeOrder(input);
    const keys = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('refuses an invalid order before any request', async () => {
    const fetchMock = stubFetch(201, ORDER);
    const input = { instrumentId: INSTRUMENT, orderType: 'buy', type: 'limit', quantity: 0, price: '1' } as const;
    await expect(placeOrder(input)).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('cancelOrder', () => {
  it('deletes the order by its encoded id', async () => {
    const fetchMock = stubFetch(200, { ...ORDER, status: 'cancelled' });
    await expect(cancelOrder(ORDER.id)).resolves.toMatchObject({ status: 'cancelled' });
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/orders/${ORDER.id}`);
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('DELETE');
  });
});
