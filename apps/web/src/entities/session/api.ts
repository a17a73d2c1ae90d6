import { authUserSchema, demoAccountsSchema, type AuthUser, type DemoAccounts } from '@meridian/schemas';
import { z } from 'zod';
import { apiRequest, errorStatus, urlFromQueryKey } from '@/lib/api';
import { sessionKeys } from './keys';

/** GET /api/auth/user: the current session's user; a 401 means signed out (null), not an error. */
export async function getSessionUser(): Promise<AuthUser | null> {
  try {
    return authUserSchema.parse(await apiRequest('GET', urlFromQueryKey(sessionKeys.user())));
  } catch (error) {
    if (errorStatus(error) === 401) return null;
    throw error;
  }
}

/** GET /api/auth/demo-accounts: one-click sign-in accounts; 404 outside demo mode (then: null). */
export async function getDemoAccounts(): Promise<DemoAccounts | null> {
  try {
    return demoAccountsSchema.parse(await apiRequest('GET', urlFromQueryKey(sessionKeys.demoAccounts())));
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
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
