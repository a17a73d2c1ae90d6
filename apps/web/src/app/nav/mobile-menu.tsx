import { DASHBOARD_LINKS, MAIN_LINKS } from './nav-items';
import { NavLink } from './nav-link';

/** Small-screen collapsible menu: the main links, then the 'Role Dashboards' section (SPEC §2). */
export function MobileMenu({ onNavigate }: { onNavigate: () => void }) {
  return (
    <nav id="mobile-menu" aria-label="Mobile navigation" className="border-t bg-card lg:hidden">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
        {MAIN_LINKS.map((link) => (
          <NavLink key={link.href} href={link.href} onNavigate={onNavigate}>
            {link.label}
          </NavLink>
        ))}
        <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Role Dashboards</p>
        {DASHBOARD_LINKS.map((link) => (
          <NavLink key={link.href} href={link.href} onNavigate={onNavigate}>
            {link.label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
