import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  errorMessage,
  errorStatus,
  getQueryFn,
  isSentForApproval,
  isUnauthorizedError,
  nullOnStatus,
  urlFromQueryKey,
} from './api';

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body || null, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends JSON with credentials and returns parsed JSON', async () => {
    const fetchMock = stubFetch(201, '{"id":"1"}');
    await expect(apiRequest('POST', '/api/x', { a: 1 })).resolves.toEqual({ id: '1' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/x',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"a":1}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('never sends a body on GET', async () => {
    const fetchMock = stubFetch(200, '[]');
    await apiRequest('GET', '/api/x', { ignored: true });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ body: undefined });
  });

  it("throws '{status}: {body}' on a non-OK response", async () => {
    stubFetch(403, '{"code":"FORBIDDEN","message":"Missing permission: place_orders"}');
    const error = await apiRequest('POST', '/api/orders', {}).catch((e: unknown) => e);
    expect((error as Error).message).toBe('403: {"code":"FORBIDDEN","message":"Missing permission: place_orders"}');
    expect(errorStatus(error)).toBe(403);
    expect(errorMessage(error)).toBe('Missing permission: place_orders');
    expect(isUnauthorizedError(error)).toBe(false);
  });

  it('recognises the 401 Unauthorized error text', async () => {
    stubFetch(401, '{"code":"UNAUTHORIZED","message":"Unauthorized"}');
    const error = await apiRequest('GET', '/api/orders/my').catch((e: unknown) => e);
    expect(isUnauthorizedError(error)).toBe(true);
    expect(isUnauthorizedError(new Error('500: Unauthorized'))).toBe(false);
  });

  it('treats a 202 sent for supervisor approval as not done, with the server message', async () => {
    const body = JSON.stringify({ code: 'SUPERVISION_REQUIRED', message: 'Sent to your supervisor for approval' });
    stubFetch(202, body);
    const failure = await apiRequest('POST', '/api/orders', {}).catch((error: unknown) => error);
    expect(errorStatus(failure)).toBe(202);
    expect(errorMessage(failure)).toBe('Sent to your supervisor for approval');
  });

  it('marks a 202 SUPERVISION_REQUIRED as sent for approval, with its approval id; other errors are not', async () => {
    stubFetch(
      202,
      JSON.stringify({
        code: 'SUPERVISION_REQUIRED',
        message: 'Sent to your supervisor',
        approvalId: 'a-1',
        status: 'pending',
      }),
    );
    const sent = await apiRequest('POST', '/api/orders', {}).catch((error: unknown) => error);
    expect(isSentForApproval(sent)).toBe(true);
    expect(sent).toMatchObject({ approvalId: 'a-1', serverMessage: 'Sent to your supervisor' });
    stubFetch(403, '{"code":"FORBIDDEN","message":"Missing permission: place_orders"}');
    const refused = await apiRequest('POST', '/api/orders', {}).catch((error: unknown) => error);
    expect(isSentForApproval(refused)).toBe(false);
  });

  it('resolves any other 202 as accepted', async () => {
    stubFetch(202, '{"status":"pending_approval"}');
    await expect(apiRequest('POST', '/api/custody/withdrawals', {})).resolves.toEqual({ status: 'pending_approval' });
  });

  it('resolves undefined for an empty body', async () => {
    stubFetch(204, '');
    await expect(apiRequest('DELETE', '/api/orders/1')).resolves.toBeUndefined();
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: unknown[]) => ({ queryKey, signal: new AbortController().signal }) as never;

  it('resolves null on 401 when asked to', async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).resolves.toBeNull();
  });

  it('throws on 401 by default policy throw', async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toThrow(/^401: /);
  });
});

describe('urlFromQueryKey', () => {
  it('joins segments and appends a params object', () => {
    expect(urlFromQueryKey(['/api/instruments', 'abc', 'orderbook', { depth: 8, empty: '' }])).toBe(
      '/api/instruments/abc/orderbook?depth=8',
    );
    expect(urlFromQueryKey(['/api/instruments/'])).toBe('/api/instruments/');
    expect(urlFromQueryKey(['/api/instruments/', 'x'])).toBe('/api/instruments/x');
    expect(urlFromQueryKey(['/api/instruments', 'a/b c'])).toBe('/api/instruments/a%2Fb%20c');
  });
});

describe('nullOnStatus', () => {
  it('turns only the named status into null', async () => {
    stubFetch(404, 'Not Found');
    await expect(nullOnStatus(404, () => apiRequest('GET', '/api/x'))).resolves.toBeNull();
    await expect(nullOnStatus(401, () => apiRequest('GET', '/api/x'))).rejects.toThrow('404: Not Found');
    stubFetch(200, '{"a":1}');
    await expect(nullOnStatus(404, () => apiRequest('GET', '/api/x'))).resolves.toEqual({ a: 1 });
  });
});
