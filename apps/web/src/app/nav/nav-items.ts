/** Navigation of SPEC §2: main links, the Dashboards dropdown and the active-route rule. */
export type NavItem = { href: string; label: string };

export const MAIN_LINKS: readonly NavItem[] = [
  { href: '/', label: 'Home' },
  { href: '/marketplace', label: 'Marketplace' },
  { href: '/trading', label: 'Trading' },
  { href: '/risk', label: 'Analytics' },
  { href: '/compliance', label: 'Compliance' },
  { href: '/roles', label: 'Role Management' },
];

export const DASHBOARD_LINKS: readonly NavItem[] = [
  { href: '/issuer', label: 'Issuer' },
  { href: '/investor', label: 'Investor' },
  { href: '/market-maker', label: 'Market Maker' },
  { href: '/custodian', label: 'Custodian' },
  { href: '/regulator', label: 'Regulator' },
];

export const BRAND = 'Meridian';

/** '/' is active only on the home page; other links also for their sub-pages. */
export function isActivePath(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}
