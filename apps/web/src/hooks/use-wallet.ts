import { useContext } from 'react';
import { WalletContext, type WalletContextValue } from '@/lib/wallet/wallet-context';

/** The wallet context; using it outside WalletProvider is a programming error (SPEC §8). */
export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet must be used within a WalletProvider');
  return value;
}
