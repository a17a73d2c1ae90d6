import { Loader2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { STAKEHOLDER_ROLES } from '@/lib/roles';
import { cn } from '@/lib/utils';
import { ROLE_CARDS } from '../constants';
import { useRoleConnect } from '../hooks/use-role-connect';

/** Quick Access Roles: six roles; choosing one performs role connect (SPEC §4). */
export function QuickAccessRoles() {
  const { connect, selected, pending } = useRoleConnect();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Access Roles</CardTitle>
        <CardDescription>Connect as a stakeholder role and open its dashboard.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {ROLE_CARDS.map(({ slug, description, icon: Icon }) => {
          const label = STAKEHOLDER_ROLES.find((role) => role.slug === slug)?.label ?? slug;
          const busy = pending === slug;
          return (
            <button
              key={slug}
              type="button"
              disabled={pending !== null}
              aria-pressed={selected === slug}
              aria-busy={busy}
              onClick={() => void connect(slug)}
              className={cn(
                'flex flex-col items-start gap-2 rounded-lg border p-3 text-left transition-colors hover:border-primary/40 hover:bg-muted disabled:cursor-wait',
                selected === slug && 'border-primary bg-secondary',
              )}
            >
              <span className="flex w-full items-center justify-between">
                <Icon className="size-5 text-primary" aria-hidden />
                {busy ? (
                  <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Connecting" />
                ) : null}
              </span>
              <span className="text-sm font-semibold">{label}</span>
              <span className="text-xs text-muted-foreground">{busy ? 'Connecting...' : description}</span>
            </button>
          );
        })}
      </CardContent>
    </Card>
  );
}
