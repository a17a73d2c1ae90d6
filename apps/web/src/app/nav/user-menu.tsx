import { LogIn, LogOut, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { DisclosureMenu, disclosureItemClass } from '@/components/ui/disclosure-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { signOut, useAuth } from '@/entities/session';
import { roleLabel } from '@/lib/roles';
import { cn } from '@/lib/utils';

/** Signed in: name, email, roles and Sign out (POST /api/logout). Signed out: a Sign in button. */
export function UserMenu() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Skeleton className="h-8 w-20" />;
  if (!user) {
    return (
      <Button asChild size="sm" variant="outline">
        <Link href="/sign-in">
          <LogIn />
          Sign in
        </Link>
      </Button>
    );
  }
  return (
    <DisclosureMenu
      align="end"
      panelClassName="w-64"
      triggerLabel="User menu"
      triggerClassName={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'max-w-48')}
      trigger={
        <>
          <UserRound aria-hidden />
          <span className="hidden truncate sm:inline lg:hidden xl:inline">{user.name}</span>
        </>
      }
    >
      {() => (
        <>
          <div className="px-2 py-1.5 text-xs text-muted-foreground">
            <span className="block truncate text-sm font-semibold text-foreground">{user.name}</span>
            <span className="block truncate">{user.email}</span>
            {user.roles.length > 0 ? (
              <span className="mt-1 block text-xs">{user.roles.map(roleLabel).join(', ')}</span>
            ) : null}
          </div>
          <div className="-mx-1 my-1 h-px bg-border" role="separator" />
          <button
            type="button"
            className={disclosureItemClass}
            onClick={() => {
              // Sign-out is a POST (a GET must not end a session); then a full navigation so no
              // signed-in state survives in memory.
              void signOut().finally(() => window.location.assign('/'));
            }}
          >
            <LogOut aria-hidden />
            Sign out
          </button>
        </>
      )}
    </DisclosureMenu>
  );
}
