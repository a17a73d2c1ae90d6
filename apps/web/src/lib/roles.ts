/** Stakeholder roles (SPEC §1, §6) with the route role connect opens (SPEC §4). */
export const STAKEHOLDER_ROLES = [
  { slug: 'issuer', label: 'Issuer', route: '/issuer' },
  { slug: 'investor', label: 'Investor', route: '/investor' },
  { slug: 'market_maker', label: 'Market Maker', route: '/market-maker' },
  { slug: 'custodian', label: 'Custodian', route: '/custodian' },
  { slug: 'compliance', label: 'Compliance', route: '/compliance' },
  { slug: 'regulator', label: 'Regulator', route: '/regulator' },
] as const;

export type StakeholderRoleSlug = (typeof STAKEHOLDER_ROLES)[number]['slug'];

/** Human label of a role slug: 'market_maker' → 'Market Maker'. */
export function roleLabel(slug: string): string {
  const known = STAKEHOLDER_ROLES.find((role) => role.slug === slug);
  if (known) return known.label;
  return slug.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
