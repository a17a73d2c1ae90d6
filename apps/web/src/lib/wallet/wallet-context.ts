import { createContext } from 'react';

/** Wallet timings and texts (SPEC §4, §8, §9). */
export const WALLET_READY_DELAY_MS = 500;
export const WALLET_DEMO_CONNECT_MS = 1000;
export const WALLET_CONNECT_TIMEOUT_MS = 10_000;
export const WALLET_ERRORS = {
  notInitialized: 'Radix dApp Toolkit not initialized',
  timeout: 'Request timeout after 10 seconds',
  generic: 'Failed to connect wallet. Please try again.',
} as const;

/** SPEC §3 wallet context: connection flag, account addresses, persona, loading and simulation flags. */
export type WalletState = {
  isConnected: boolean;
  accounts: string[];
  persona: string | null;
  isLoading: boolean;
  isSimulation: boolean;
};

export type WalletContextValue = WalletState & {
  connect: () => Promise<string[]>;
  disconnect: () => void;
};

export const WalletContext = createContext<WalletContextValue | null>(null);

/**
 * Address of the simulated account: derived from the signed-in user so it is stable per user
 * and visibly not a ledger address ('account_sim_' prefix).
 */
export function simulatedAccountAddress(userId: string): string {
  let hash = 2166136261;
  for (const char of userId) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return `account_sim_${hash.toString(16).padStart(8, '0')}${userId.replace(/-/g, '').slice(0, 12)}`;
}
