import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '@/entities/session';
import {
  SIMULATION_MODE,
  WALLET_DEMO_CONNECT_MS,
  WALLET_ERRORS,
  WALLET_READY_DELAY_MS,
  WalletContext,
  simulatedAccountAddress,
  type WalletState,
} from '@/lib/wallet/wallet-context';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wallet connection (SPEC §4). In simulation mode (the default) it becomes ready after
 * 500 ms and connecting takes 1000 ms, yielding the signed-in user's simulated account.
 * The ledger wallet toolkit is not bundled, so outside simulation connecting reports it.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [state, setState] = useState<WalletState>({
    isConnected: false,
    accounts: [],
    persona: null,
    isLoading: true,
    isSimulation: SIMULATION_MODE,
  });

  useEffect(() => {
    const timer = setTimeout(() => setState((s) => ({ ...s, isLoading: false })), WALLET_READY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const connect = useCallback(async () => {
    if (!SIMULATION_MODE) throw new Error(WALLET_ERRORS.notInitialized);
    setState((s) => ({ ...s, isLoading: true }));
    await sleep(WALLET_DEMO_CONNECT_MS);
    const accounts = [simulatedAccountAddress(user?.id ?? 'anonymous')];
    setState((s) => ({ ...s, isConnected: true, accounts, persona: user?.name ?? 'Demo User', isLoading: false }));
    return accounts;
  }, [user]);

  const disconnect = useCallback(() => {
    setState((s) => ({ ...s, isConnected: false, accounts: [], persona: null }));
  }, []);

  const value = useMemo(() => ({ ...state, connect, disconnect }), [state, connect, disconnect]);
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}
