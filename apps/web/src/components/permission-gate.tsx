import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMyPermissions } from '@/entities/permission';
import { permissionDeniedMessage, satisfies } from '@/lib/permissions';

type Props = {
  /** Permission ids; any one suffices unless `requireAll`. */
  permissions: readonly string[];
  requireAll?: boolean;
  children: ReactNode;
  /** Replaces the default refusal card. */
  fallback?: ReactNode;
};

/** Shows its children only when the user holds the required permission(s) (SPEC §6). */
export function PermissionGate({ permissions, requireAll = false, children, fallback }: Props) {
  const { held, isLoading } = useMyPermissions();
  if (isLoading) return <Skeleton className="h-40 w-full" aria-label="Checking permissions" />;
  if (satisfies(held, permissions, requireAll)) return <>{children}</>;
  if (fallback !== undefined) return <>{fallback}</>;
  return (
    <Card role="alert" className="border-warning/40 bg-warning-muted">
      <CardContent className="flex items-start gap-3 p-5">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <p className="text-sm">{permissionDeniedMessage(permissions)}</p>
      </CardContent>
    </Card>
  );
}
