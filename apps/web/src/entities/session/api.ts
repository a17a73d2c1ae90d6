import { authUserSchema, demoAccountsSchema, type AuthUser, type DemoAccounts } from '@meridian/schemas';
import { z } from 'zod';
import { apiRequest, nullOnStatus, urlFromQueryKey } from '@/lib/api';
import { sessionKeys } from './keys';

/** GET /api/auth/user: the current session's user; a 401 means signed out (null), not an error. */
export function getSessionUser(): Promise<AuthUser | null> {
  return nullOnStatus(401, async () =>
    authUserSchema.parse(await apiRequest('GET', urlFromQueryKey(sessionKeys.user()))),
  );
}

/** GET /api/auth/demo-accounts: one-click sign-in accounts; 404 outside demo mode (then: null). */
export function getDemoAccounts(): Promise<DemoAccounts | null> {
  const url = urlFromQueryKey(sessionKeys.demoAccounts());
  return nullOnStatus(404, async () => demoAccountsSchema.parse(await apiRequest('GET', url)));
}

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

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
