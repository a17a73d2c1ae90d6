import { useState } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '@/entities/session';
import { useWallet } from '@/hooks/use-wallet';
import { apiRequest, errorMessage } from '@/lib/api';
import { STAKEHOLDER_ROLES, type StakeholderRoleSlug } from '@/lib/roles';
import { BADGE_TYPE, ROLE_CONNECT_DELAY_MS, ROLE_CARDS } from '../constants';
import { buildSimulatedBadge, storeRoleConnection, storedRole, type StakeholderBadge } from '../lib/role-connect';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readStoredRole(): string | null {
  try {
    return storedRole(window.localStorage);
  } catch {
    return null;
  }
}

/**
 * Role connect from the Quick Access grid (SPEC §4): highlight the role, mark busy, obtain a
 * stakeholder badge (built locally after 1.5 s in simulation mode; otherwise wallet first,
 * then minted by the server), store it and open the role's dashboard.
 */
export function useRoleConnect() {
  const wallet = useWallet();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [selected, setSelected] = useState<string | null>(readStoredRole);
  const [pending, setPending] = useState<StakeholderRoleSlug | null>(null);

  async function obtainBadge(
    slug: StakeholderRoleSlug,
    roleName: string,
    description: string,
  ): Promise<StakeholderBadge> {
    if (wallet.isSimulation) {
      await sleep(ROLE_CONNECT_DELAY_MS);
      const nonce = crypto.randomUUID().slice(0, 8);
      return buildSimulatedBadge({
        role: slug,
        roleName,
        description,
        userId: user?.id ?? 'guest',
        now: new Date(),
        nonce,
      });
    }
    const accounts = wallet.isConnected ? wallet.accounts : await wallet.connect();
    // The server issues the badge for a role the user holds and records it (decision 0042).
    return apiRequest<StakeholderBadge>('POST', '/api/radix/create-badge', {
      userId: user?.id,
      roleId: slug,
      badgeType: BADGE_TYPE,
      metadata: { roleName, description },
      accountAddress: accounts[0] ?? null,
    });
  }

  async function connect(slug: StakeholderRoleSlug) {
    if (pending) return;
    const role = STAKEHOLDER_ROLES.find((r) => r.slug === slug);
    const card = ROLE_CARDS.find((c) => c.slug === slug);
    if (!role || !card) return;
    setSelected(slug);
    setPending(slug);
    try {
      const badge = await obtainBadge(slug, role.label, card.description);
      storeRoleConnection(window.localStorage, slug, badge);
      navigate(role.route);
    } catch (error) {
      const reason = error instanceof Error ? errorMessage(error) : 'Unknown blockchain error';
      window.alert(`Failed to connect as ${role.label}\n\n${reason}\n\nPlease try again.`);
    } finally {
      setPending(null);
    }
  }

  return { connect, selected, pending };
}
