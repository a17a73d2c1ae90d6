import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Store } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { instrumentKeys } from '@/entities/instrument';
import { refreshStreamedQueries, type StreamStatus } from '@/entities/market';
import { cn } from '@/lib/utils';

const STATUS_TEXT: Record<StreamStatus, string> = {
  idle: 'Offline',
  connecting: 'Connecting',
  live: 'Live',
  down: 'Reconnecting',
};

/** Live indicator, the link to /marketplace and Refresh (instruments, orders, trades and what they feed). */
export function HeaderActions({ stream }: { stream: StreamStatus }) {
  const client = useQueryClient();
  const fetching = useIsFetching() > 0;
  const refresh = () => {
    void client.invalidateQueries({ queryKey: instrumentKeys.list(), exact: true });
    refreshStreamedQueries(client);
  };
  return (
    <>
      <Badge
        variant={stream === 'live' ? 'success' : 'warning'}
        data-testid="stream-status"
        title="Live market data stream"
      >
        <span aria-hidden className={cn('size-1.5 rounded-full', stream === 'live' ? 'bg-success' : 'bg-warning')} />
        {STATUS_TEXT[stream]}
      </Badge>
      <Button asChild variant="outline" size="sm">
        <Link href="/marketplace">
          <Store aria-hidden /> Marketplace
        </Link>
      </Button>
      <Button variant="outline" size="sm" onClick={refresh}>
        <RefreshCw aria-hidden className={cn(fetching && 'animate-spin')} /> Refresh
      </Button>
    </>
  );
}
