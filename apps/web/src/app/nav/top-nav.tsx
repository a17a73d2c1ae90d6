import { Menu, Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { DashboardsMenu } from './dashboards-menu';
import { MobileMenu } from './mobile-menu';
import { BRAND, MAIN_LINKS } from './nav-items';
import { NavLink } from './nav-link';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

/** Top navigation (SPEC §2): brand, main links, Dashboards dropdown, inactive search, user menu. */
export function TopNav() {
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the small-screen menu and gives focus back to the button that opened it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight text-primary">
          <img src="/favicon.svg" alt="" className="size-7" />
          <span className="text-lg">{BRAND}</span>
        </Link>
        <nav aria-label="Main navigation" className="ml-3 hidden items-center gap-0.5 lg:flex xl:ml-4 xl:gap-1">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.href} href={link.href}>
              {link.label}
            </NavLink>
          ))}
          <DashboardsMenu />
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {/* Search is present but inactive (SPEC §2). */}
          <Button
            variant="ghost"
            size="icon"
            disabled
            aria-label="Search (not available)"
            title="Search is not available"
          >
            <Search />
          </Button>
          <ThemeToggle />
          <UserMenu />
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X /> : <Menu />}
          </Button>
        </div>
      </div>
      {open ? <MobileMenu onNavigate={() => setOpen(false)} /> : null}
    </header>
  );
}
