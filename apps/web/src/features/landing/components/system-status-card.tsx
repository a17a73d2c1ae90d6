import { Activity } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDuration, formatNumber } from '@/lib/format';
import { useApiLatency, useSystemStatus } from '../api/landing-queries';

const rate = (value: number | null | undefined) =>
  value === null || value === undefined ? 'n/a' : formatNumber(value, 1);

function Figure({ label, value, detail, testId }: { label: string; value: string; detail: string; testId: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      <dd className="text-xs text-muted-foreground">{detail}</dd>
    </div>
  );
}

/** System Status: latency measured by this browser plus the server's live figures. */
export function SystemStatusCard() {
  const status = useSystemStatus();
  const latency = useApiLatency();
  const health = latency.data?.health;
  const s = status.data;
  return (
    <Card className="md:col-span-2 lg:col-span-1">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>System Status</CardTitle>
        {health ? (
          <Badge variant={health.status === 'ok' ? 'success' : 'warning'}>
            <Activity />
            {health.status === 'ok' ? 'Operational' : 'Degraded'}
          </Badge>
        ) : latency.isError ? (
          <Badge variant="destructive">Unreachable</Badge>
        ) : null}
      </CardHeader>
      <CardContent>
        {status.isLoading ? (
          <Skeleton className="h-32" />
        ) : !s ? (
          <p className="text-sm text-muted-foreground">System figures are unavailable right now.</p>
        ) : (
          <dl className="grid grid-cols-2 gap-4">
            <Figure
              label="API latency"
              testId="api-latency"
              value={latency.data ? `${Math.round(latency.data.roundTripMs)} ms` : '…'}
              detail={
                s.requestLatencyP50Ms === null
                  ? 'round trip from this browser'
                  : `server p50 ${formatNumber(s.requestLatencyP50Ms, 1)} ms`
              }
            />
            <Figure
              label="Network TPS"
              testId="network-tps"
              value={rate(s.tradesPerSecond)}
              detail={`trades/s · orders/s ${rate(s.ordersPerSecond)}`}
            />
            <Figure
              label="Active users"
              testId="active-users"
              value={formatNumber(s.activeSessions)}
              detail="signed-in sessions"
            />
            <Figure
              label="Uptime"
              testId="uptime"
              value={formatDuration(s.uptimeSeconds)}
              detail={health ? `${health.database.kind} · v${health.version}` : 'server'}
            />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
