import { useEffect } from 'react';
import { signedOutResponse, type AuthGuardVariant } from '@/lib/auth-guard';
import { redirectToLogin } from '@/lib/login-redirect';
import { useAuth } from '@/entities/session';
import { toast, whenToastsVisible } from './use-toast';

export type { AuthGuardVariant };

/**
 * SPEC §6 guard for data screens: once the session check finished without a user, show the
 * variant's toast and redirect to /api/login (see signedOutResponse for texts and delays).
 */
export function useRequireAuth(variant: AuthGuardVariant = 'standard') {
  const auth = useAuth();
  const signedOut = !auth.isLoading && !auth.isAuthenticated;

  useEffect(() => {
    if (!signedOut) return;
    const response = signedOutResponse(variant);
    toast(response.toast);
    // The trading screen leaves at once; the others keep the toast on screen for the delay.
    if (response.redirectDelayMs === 0) redirectToLogin(0);
    else void whenToastsVisible().then(() => redirectToLogin(response.redirectDelayMs));
  }, [signedOut, variant]);

  return auth;
}
