import { UserRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { roleLabel } from '@/lib/roles';
import type { DemoAccount } from '@/entities/session';

type Props = {
  accounts: DemoAccount[] | undefined;
  isLoading: boolean;
  pendingEmail: string | undefined;
  onChoose: (account: DemoAccount) => void;
};

/** Demo mode only: every seeded account, signed in with one click. */
export function DemoAccountsCard({ accounts, isLoading, pendingEmail, onChoose }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Demo accounts</CardTitle>
        <CardDescription>Demo mode is on: sign in as any seeded user with one click.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {isLoading
          ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-14" />)
          : accounts?.map((account) => (
              <button
                key={account.email}
                type="button"
                disabled={pendingEmail !== undefined}
                onClick={() => onChoose(account)}
                className="flex w-full items-center gap-3 rounded-lg border bg-card px-3 py-2.5 text-left transition-colors hover:border-primary/40 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
              >
                <UserRound className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1">
                  {/* The name read out starts with the action and keeps the visible text (WCAG 2.5.3). */}
                  <span className="block truncate text-sm font-medium">
                    <span className="sr-only">Sign in as </span>
                    {account.name}
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">{account.email}</span>
                </span>
                <span className="hidden flex-wrap justify-end gap-1 sm:flex">
                  {account.roles.slice(0, 3).map((role) => (
                    <Badge key={role} variant="secondary">
                      {roleLabel(role)}
                    </Badge>
                  ))}
                  {account.roles.length > 3 ? <Badge variant="outline">+{account.roles.length - 3}</Badge> : null}
                </span>
                {pendingEmail === account.email ? (
                  <span className="text-xs text-muted-foreground">Signing in...</span>
                ) : null}
              </button>
            ))}
      </CardContent>
    </Card>
  );
}
