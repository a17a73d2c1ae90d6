import { ChevronDown, LayoutDashboard } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { DisclosureMenu, disclosureItemClass } from '@/components/ui/disclosure-menu';
import { cn } from '@/lib/utils';
import { DASHBOARD_LINKS, isActivePath } from './nav-items';

/** The Dashboards menu of the top navigation; highlighted when a role dashboard is open. */
export function DashboardsMenu() {
  const [location] = useLocation();
  const active = DASHBOARD_LINKS.some((link) => isActivePath(link.href, location));
  return (
    <DisclosureMenu
      triggerClassName={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
        active ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
      trigger={
        <>
          Dashboards
          <ChevronDown className="size-4" aria-hidden />
        </>
      }
    >
      {(close) => (
        <>
          <p className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">Role Dashboards</p>
          <ul>
            {DASHBOARD_LINKS.map((link) => {
              const current = isActivePath(link.href, location);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    onClick={close}
                    aria-current={current ? 'page' : undefined}
                    className={cn(disclosureItemClass, current && 'bg-muted font-semibold')}
                  >
                    <LayoutDashboard aria-hidden />
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </DisclosureMenu>
  );
}
