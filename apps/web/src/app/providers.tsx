import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { WalletProvider } from '@/components/wallet-provider';
import { queryClient } from '@/lib/query-client';

/** App-wide providers: data layer, wallet context (SPEC §4) and the toast viewport. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <WalletProvider>
        {children}
        <Toaster />
      </WalletProvider>
    </QueryClientProvider>
  );
}
