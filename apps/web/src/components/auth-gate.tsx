import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useRequireAuth, type AuthGuardVariant } from '@/hooks/use-require-auth';
import { TRADING_LOGIN_MESSAGE } from '@/lib/constants';

/**
 * Renders its children only for a signed-in user; otherwise the SPEC §6 toast and redirect
 * run (see useRequireAuth) while a short notice stands in for the screen.
 */
export function AuthGate({ children, variant = 'standard' }: { children: ReactNode; variant?: AuthGuardVariant }) {
  const { isLoading, isAuthenticated } = useRequireAuth(variant);
  if (isLoading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Loading">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  if (!isAuthenticated) {
    return (
      <p role="status" className="py-12 text-center text-sm text-muted-foreground">
        {variant === 'trading' ? TRADING_LOGIN_MESSAGE : 'Signing you in again…'}
      </p>
    );
  }
  return <>{children}</>;
}
