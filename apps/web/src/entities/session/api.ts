import type { AuthUser, DemoAccounts } from '@meridian/schemas';
import { apiRequest, nullOnStatus, urlFromQueryKey } from '@/lib/api';
import { sessionKeys } from './keys';

/** GET /api/auth/user: the current session's user; a 401 means signed out (null), not an error. */
export function getSessionUser(): Promise<AuthUser | null> {
  return nullOnStatus(401, () => apiRequest<AuthUser>('GET', urlFromQueryKey(sessionKeys.user())));
}

/** GET /api/auth/demo-accounts: one-click sign-in accounts; 404 outside demo mode (then: null). */
export function getDemoAccounts(): Promise<DemoAccounts | null> {
  const url = urlFromQueryKey(sessionKeys.demoAccounts());
  return nullOnStatus(404, () => apiRequest<DemoAccounts>('GET', url));
}

/** What the sign-in form sends (validated by the form's schema in features/auth). */
export type SignInInput = { email: string; password: string };

/** POST /api/auth/sign-in/email through the auth library's endpoint; the session arrives as a cookie. */
export function signIn(input: SignInInput) {
  return apiRequest('POST', '/api/auth/sign-in/email', input);
}

/**
 * POST /api/logout: ends the session (a GET must not). The answer is a redirect, not followed;
 * the caller navigates itself so no signed-in state survives in memory.
 */
export async function signOut(): Promise<void> {
  await fetch('/api/logout', { method: 'POST', credentials: 'same-origin', redirect: 'manual' });
}
