import type { StakeholderRoleSlug } from '@/lib/roles';
import { BADGE_PLATFORM, BADGE_TYPE, BADGE_VERSION, ROLE_STORAGE_KEYS, SIMULATED_NETWORK } from '../constants';

/** Stakeholder badge kept in browser storage (SPEC §3). */
export type StakeholderBadge = {
  id: string;
  resourceAddress: string;
  localId: string;
  badgeType: typeof BADGE_TYPE;
  metadata: {
    roleName: string;
    description: string;
    connectedAt: string;
    platform: string;
    blockchainNetwork: string;
    badgeVersion: string;
  };
  status: 'simulated' | 'active';
};

type BadgeInput = {
  role: StakeholderRoleSlug;
  roleName: string;
  description: string;
  userId: string;
  now: Date;
  nonce: string;
};

/** The badge simulation mode builds locally: clearly marked simulated, never a ledger address. */
export function buildSimulatedBadge({ role, roleName, description, userId, now, nonce }: BadgeInput): StakeholderBadge {
  const localId = `#${role}_${userId.replace(/-/g, '').slice(0, 8)}_${nonce}#`;
  return {
    id: `sim_${role}_${nonce}`,
    resourceAddress: `resource_sim_stakeholder_${role}`,
    localId,
    badgeType: BADGE_TYPE,
    metadata: {
      roleName,
      description,
      connectedAt: now.toISOString(),
      platform: BADGE_PLATFORM,
      blockchainNetwork: SIMULATED_NETWORK,
      badgeVersion: BADGE_VERSION,
    },
    status: 'simulated',
  };
}

/** Writes role, connection flag, time and badge under the spec's storage keys. */
export function storeRoleConnection(
  storage: Pick<Storage, 'setItem'>,
  role: StakeholderRoleSlug,
  badge: StakeholderBadge,
) {
  storage.setItem(ROLE_STORAGE_KEYS.selectedRole, role);
  storage.setItem(ROLE_STORAGE_KEYS.blockchainConnected, 'true');
  storage.setItem(ROLE_STORAGE_KEYS.walletConnectedAt, badge.metadata.connectedAt);
  storage.setItem(ROLE_STORAGE_KEYS.stakeholderBadge, JSON.stringify(badge));
}

/** Role previously connected in this browser, if any. */
export function storedRole(storage: Pick<Storage, 'getItem'>): string | null {
  return storage.getItem(ROLE_STORAGE_KEYS.blockchainConnected) === 'true'
    ? storage.getItem(ROLE_STORAGE_KEYS.selectedRole)
    : null;
}
