import { ChevronDown, LayoutDashboard } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { DASHBOARD_LINKS, isActivePath } from './nav-items';

/** The Dashboards dropdown of the top navigation; highlighted when a role dashboard is open. */
export function DashboardsMenu() {
  const [location] = useLocation();
  const active = DASHBOARD_LINKS.some((link) => isActivePath(link.href, location));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
          active ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
        )}
      >
        Dashboards
        <ChevronDown className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Role Dashboards</DropdownMenuLabel>
        {DASHBOARD_LINKS.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <Link href={link.href} className={cn(isActivePath(link.href, location) && 'bg-muted font-semibold')}>
              <LayoutDashboard />
              {link.label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
