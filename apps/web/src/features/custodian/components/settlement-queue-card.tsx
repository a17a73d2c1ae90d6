import type { CustodySettlements } from '@meridian/schemas';
import { Play } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useProcessSettlements } from '@/entities/custody';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatCurrency, formatDate } from '@/lib/format';
import { QUEUE_ROWS, STATUS_VARIANT } from '../lib/settlement-display';

const PRIORITIES = [
  { key: 'high', label: 'High priority', hint: 'Failed or overdue', variant: 'destructive' },
  { key: 'medium', label: 'Medium priority', hint: 'Due today', variant: 'warning' },
  { key: 'low', label: 'Low priority', hint: 'Due later', variant: 'secondary' },
] as const;

/** Settlement Queue (SPEC §2): priority counts, the open settlements and Process Queue. */
export function SettlementQueueCard({ data, canProcess }: { data: CustodySettlements; canProcess: boolean }) {
  const process = useProcessSettlements();
  const open = data.settlements.filter((s) => s.status !== 'completed');
  const run = () =>
    process.mutate(undefined, {
      onSuccess: (r) =>
        toast(
          'status' in r
            ? { title: 'Confirmation Requested', description: `${r.summary}. ${r.message}.` }
            : {
                title: 'Queue Processed',
                description: `${r.completed} settled, ${r.failed} failed, ${r.notDue} not yet due.`,
              },
        ),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) }),
    });
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Settlement Queue</CardTitle>
        <Button size="sm" onClick={run} disabled={!canProcess || process.isPending}>
          <Play aria-hidden /> {process.isPending ? 'Processing...' : 'Process Queue'}
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid grid-cols-3 gap-2">
          {PRIORITIES.map((p) => (
            <div key={p.key} className="rounded-md border p-3" data-testid={`queue-${p.key}`}>
              <div className="text-2xl font-semibold tabular-nums">{data.queue[p.key]}</div>
              <div className="text-xs font-medium">{p.label}</div>
              <div className="text-xs text-muted-foreground">{p.hint}</div>
            </div>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          {data.queue.pending} pending · {data.queue.processing} processing · {data.queue.failed} failed
        </p>
        {open.length === 0 ? (
          <p className="py-2 text-center text-sm text-muted-foreground">No settlements waiting</p>
        ) : (
          <ul className="divide-y text-sm">
            {open.slice(0, QUEUE_ROWS).map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2 py-2" data-testid="queue-row">
                <div className="min-w-0">
                  <div className="truncate font-medium">{s.asset}</div>
                  <div className="truncate text-xs text-muted-foreground">
                    {s.units} units · {s.seller} → {s.client}
                    {s.settleOn ? ` · due ${formatDate(s.settleOn)}` : ''}
                  </div>
                  {s.failureReason ? <div className="text-xs text-destructive">{s.failureReason}</div> : null}
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="tabular-nums">{formatCurrency(s.amount, s.currency)}</span>
                  <Badge variant={STATUS_VARIANT[s.status]}>{s.status}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
