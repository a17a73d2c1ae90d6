import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/**
 * Shared fetch helper (SPEC §7, §8): same-origin credentials, JSON in and out, and on a
 * non-OK response an Error whose message is '{status}: {response body}'.
 */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  { headers = {} }: { headers?: Record<string, string> } = {},
): Promise<T> {
  const hasBody = body !== undefined && method.toUpperCase() !== 'GET';
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody
      ? { 'Content-Type': 'application/json', Accept: 'application/json', ...headers }
      : { Accept: 'application/json', ...headers },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(response);
  const text = await response.text();
  const parsed = parseText<T>(text);
  // An over-limit action of a supervised role was not done but sent for approval (decision 0049):
  // the caller must not treat it as done, so it is thrown, as its own kind (isSentForApproval).
  if (response.status === 202 && hasCode(parsed, 'SUPERVISION_REQUIRED'))
    throw new SentForApprovalError(text, parsed as { message?: unknown; approvalId?: unknown });
  return parsed;
}

/**
 * A 202 SUPERVISION_REQUIRED: the action was not done; it waits for a supervisor's approval
 * (`approvalId`). Not a failure: forms show it as "sent for approval", not as an error. The
 * message stays '202: {body}' so errorStatus/errorMessage read it like any other answer.
 */
export class SentForApprovalError extends Error {
  readonly approvalId: string;
  readonly serverMessage: string;
  constructor(text: string, body: { message?: unknown; approvalId?: unknown }) {
    super(`202: ${text}`);
    this.name = 'SentForApprovalError';
    this.approvalId = typeof body.approvalId === 'string' ? body.approvalId : '';
    this.serverMessage = typeof body.message === 'string' ? body.message : 'Sent for approval';
  }
}

/** True when the request was sent to a supervisor for approval instead of being done. */
export function isSentForApproval(error: unknown): error is SentForApprovalError {
  return error instanceof SentForApprovalError;
}

function hasCode(body: unknown, code: string): boolean {
  return !!body && typeof body === 'object' && 'code' in body && body.code === code;
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

async function parseBody<T>(response: Response): Promise<T> {
  return parseText<T>(await response.text());
}

function parseText<T>(text: string): T {
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/** True for the error text the helper produces on a 401 (SPEC §8). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/is.test(error.message);
}

/** The HTTP status encoded at the start of an apiRequest error, if any. */
export function errorStatus(error: unknown): number | undefined {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

/** The request's answer, or null when the server answers `status` (e.g. 401 signed out, 404 not offered). */
export async function nullOnStatus<T>(status: number, request: () => Promise<T>): Promise<T | null> {
  try {
    return await request();
  } catch (error) {
    if (errorStatus(error) === status) return null;
    throw error;
  }
}

/** The JSON body of an apiRequest error (`{code, message, ...}`), or null when it has none. */
export function errorBody(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof Error)) return null;
  try {
    const parsed: unknown = JSON.parse(error.message.replace(/^\d{3}: /, ''));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Best human-readable message of an apiRequest error: the server's `message` when JSON. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return 'Unknown error';
  const body = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // not JSON: the raw body is the message
  }
  return body;
}

/**
 * Builds the URL of a query key: string parts joined by '/', a trailing object becomes the
 * query string. The first part is the path root; later parts are ids and names, URL-encoded.
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const parts = queryKey
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .map((part, index) => (index === 0 ? String(part) : encodeURIComponent(part)));
  const path = parts.join('/').replace(/(?<!:)\/{2,}/g, '/');
  const last = queryKey[queryKey.length - 1];
  if (!last || typeof last !== 'object' || Array.isArray(last)) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(last)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

type On401 = 'returnNull' | 'throw';

/** Default TanStack query function: GET the key's URL; on 401 either throw or resolve null. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(urlFromQueryKey(queryKey), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return parseBody<T>(response);
  };
}
