import { useEffect } from 'react';
import { AUTH_TOASTS, LOGIN_REDIRECT_DELAY_MS } from '@/lib/constants';
import { redirectToLogin } from '@/lib/login-redirect';
import { useAuth } from './use-auth';
import { toast } from './use-toast';

export type AuthGuardVariant = 'standard' | 'trading';

/**
 * SPEC §6 guard for data screens. Once the session check finished without a user:
 * standard screens toast 'Unauthorized' / 'You are logged out. Logging in again...' and
 * redirect to /api/login after 500 ms; the trading screen toasts 'Please log in again' and
 * redirects at once.
 */
export function useRequireAuth(variant: AuthGuardVariant = 'standard') {
  const auth = useAuth();
  const signedOut = !auth.isLoading && !auth.isAuthenticated;

  useEffect(() => {
    if (!signedOut) return;
    if (variant === 'trading') {
      toast({ ...AUTH_TOASTS.tradingUnauthorized, variant: 'destructive' });
      redirectToLogin(0);
    } else {
      toast({ ...AUTH_TOASTS.unauthorized, variant: 'destructive' });
      redirectToLogin(LOGIN_REDIRECT_DELAY_MS);
    }
  }, [signedOut, variant]);

  return auth;
}
