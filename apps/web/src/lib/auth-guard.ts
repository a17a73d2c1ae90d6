import { AUTH_TOASTS, LOGIN_REDIRECT_DELAY_MS } from './constants';

export type AuthGuardVariant = 'standard' | 'trading';

/**
 * What the SPEC §6 guard does for a signed-out user: standard screens toast 'Unauthorized' /
 * 'You are logged out. Logging in again...' and redirect after 500 ms; the trading screen
 * toasts 'Please log in again' and redirects at once.
 */
export function signedOutResponse(variant: AuthGuardVariant) {
  return variant === 'trading'
    ? { toast: { ...AUTH_TOASTS.tradingUnauthorized, variant: 'destructive' as const }, redirectDelayMs: 0 }
    : {
        toast: { ...AUTH_TOASTS.unauthorized, variant: 'destructive' as const },
        redirectDelayMs: LOGIN_REDIRECT_DELAY_MS,
      };
}
