import type { LedgerConfig } from '@meridian/schemas';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '@/entities/session';
import { apiRequest } from '@/lib/api';
import { requestLedgerAccounts } from '@/lib/wallet/radix-wallet';
import {
  WALLET_DEMO_CONNECT_MS,
  WALLET_ERRORS,
  WALLET_READY_DELAY_MS,
  WalletContext,
  simulatedAccountAddress,
  type WalletState,
} from '@/lib/wallet/wallet-context';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Typed, not parsed again: the server serialises it through the schema, and the app shell
// loads no zod (decision 0038).
async function getLedgerConfig(): Promise<LedgerConfig> {
  return apiRequest<LedgerConfig>('GET', '/api/radix/config');
}

/**
 * Wallet connection (SPEC §4). The server's SIMULATION_MODE decides at run time (GET
 * /api/radix/config). In simulation mode (the default) the wallet is ready after 500 ms and
 * connecting takes 1000 ms, yielding the signed-in user's simulated account. Otherwise the
 * real Radix dApp Toolkit asks the wallet for accounts; without a configured network and dApp
 * definition it reports 'Radix dApp Toolkit not initialized'.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const config = useQuery({ queryKey: ['/api/radix/config'], queryFn: getLedgerConfig, staleTime: Infinity });
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<Pick<WalletState, 'isConnected' | 'accounts' | 'persona'>>({
    isConnected: false,
    accounts: [],
    persona: null,
  });
  // Until the server has answered, simulation (the default) is assumed.
  const simulation = config.data?.simulationMode ?? true;

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), WALLET_READY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const connect = useCallback(async () => {
    setBusy(true);
    try {
      if (simulation) {
        await sleep(WALLET_DEMO_CONNECT_MS);
        const accounts = [simulatedAccountAddress(user?.id ?? 'anonymous')];
        setState((s) => ({ ...s, isConnected: true, accounts, persona: user?.name ?? 'Demo User' }));
        return accounts;
      }
      const ledger = config.data;
      if (!ledger?.networkId || !ledger.dAppDefinitionAddress) throw new Error(WALLET_ERRORS.notInitialized);
      const { accounts, persona } = await requestLedgerAccounts({
        networkId: ledger.networkId,
        dAppDefinitionAddress: ledger.dAppDefinitionAddress,
      });
      setState((s) => ({ ...s, isConnected: true, accounts, persona }));
      return accounts;
    } finally {
      setBusy(false);
    }
  }, [user, simulation, config.data]);

  const disconnect = useCallback(() => {
    setState((s) => ({ ...s, isConnected: false, accounts: [], persona: null }));
  }, []);

  const value = useMemo(
    () => ({
      ...state,
      isLoading: !ready || config.isPending || busy,
      isSimulation: simulation,
      connect,
      disconnect,
    }),
    [state, ready, config.isPending, busy, simulation, connect, disconnect],
  );
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}
