import { LogIn, LogOut, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { signOut, useAuth } from '@/entities/session';
import { roleLabel } from '@/lib/roles';

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
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label="User menu" className="max-w-48">
          <UserRound />
          <span className="hidden truncate sm:inline lg:hidden xl:inline">{user.name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-semibold text-foreground">{user.name}</span>
          <span className="block truncate">{user.email}</span>
          {user.roles.length > 0 ? (
            <span className="mt-1 block text-xs">{user.roles.map(roleLabel).join(', ')}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            // Sign-out is a POST (a GET must not end a session); then a full navigation so no
            // signed-in state survives in memory.
            void signOut().finally(() => window.location.assign('/'));
          }}
        >
          <LogOut />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
