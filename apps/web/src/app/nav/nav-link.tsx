import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/utils';
import { isActivePath } from './nav-items';

type Props = { href: string; children: ReactNode; className?: string; onNavigate?: () => void };

/** A navigation link that highlights itself when its route is active (SPEC §2). */
export function NavLink({ href, children, className, onNavigate }: Props) {
  const [location] = useLocation();
  const active = isActivePath(href, location);
  return (
    <Link
      href={href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'shrink-0 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring lg:px-2.5 xl:px-3',
        active ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
        className,
      )}
    >
      {children}
    </Link>
  );
}
