import { BarChart3, Building2, Eye, Landmark, ShieldCheck, TrendingUp, type LucideIcon } from 'lucide-react';
import type { StakeholderRoleSlug } from '@/lib/roles';

/** Landing page constants (SPEC §2 landing, §3 badge, §4 role connect, §7 polling). */
export const ROLE_CONNECT_DELAY_MS = 1500;

/** Browser storage keys written by role connect (SPEC §3). */
export const ROLE_STORAGE_KEYS = {
  selectedRole: 'selectedRole',
  blockchainConnected: 'blockchainConnected',
  walletConnectedAt: 'walletConnectedAt',
  stakeholderBadge: 'stakeholderBadge',
} as const;

export const BADGE_TYPE = 'stakeholder_access';
export const BADGE_VERSION = '1.0';
export const BADGE_PLATFORM = 'Meridian';
export const SIMULATED_NETWORK = 'simulation';

export const SYSTEM_STATUS_REFRESH_MS = 5_000;
export const LATENCY_PROBE_MS = 10_000;
export const RECENT_TRANSACTIONS_ROWS = 4;

export type RoleCard = { slug: StakeholderRoleSlug; description: string; icon: LucideIcon };

/** Quick Access Roles grid, in the spec's order. */
export const ROLE_CARDS: readonly RoleCard[] = [
  { slug: 'issuer', description: 'Create and manage ACTUS instruments', icon: Building2 },
  { slug: 'investor', description: 'Portfolio analytics and trading', icon: TrendingUp },
  { slug: 'market_maker', description: 'Provide liquidity and quote spreads', icon: BarChart3 },
  { slug: 'custodian', description: 'Asset custody and settlement', icon: Landmark },
  { slug: 'compliance', description: 'Oversight and regulatory reporting', icon: ShieldCheck },
  { slug: 'regulator', description: 'Market supervision', icon: Eye },
];
