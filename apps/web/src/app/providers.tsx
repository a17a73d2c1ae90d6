import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { WalletProvider } from '@/components/wallet-provider';
import { queryClient } from '@/lib/query-client';
import { ToastHost } from './toast-host';

/** App-wide providers: data layer, wallet context (SPEC §4) and the toast viewport (loaded with the first toast). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <WalletProvider>
        {children}
        <ToastHost />
      </WalletProvider>
    </QueryClientProvider>
  );
}
