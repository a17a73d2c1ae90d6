import { PlugZap, Unplug } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useWallet } from '@/hooks/use-wallet';

/** Header badges: simulation mode and the wallet connection (SPEC §4). */
export function WalletStatus() {
  const wallet = useWallet();
  const account = wallet.accounts[0];
  return (
    <div className="flex flex-wrap items-center gap-2">
      {wallet.isSimulation ? <Badge variant="warning">Simulation Mode Active</Badge> : null}
      {wallet.isConnected && account ? (
        <>
          <Badge variant="success" title={account}>
            {wallet.persona} · {account.slice(0, 18)}…
          </Badge>
          <Button size="sm" variant="ghost" onClick={wallet.disconnect}>
            <Unplug />
            Disconnect
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={wallet.isLoading}
          onClick={() => wallet.connect().catch((error: unknown) => window.alert(String(error)))}
        >
          <PlugZap />
          {wallet.isLoading ? 'Wallet loading...' : 'Connect Wallet'}
        </Button>
      )}
    </div>
  );
}
