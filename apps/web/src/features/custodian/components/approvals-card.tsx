import type { CustodyApproval } from '@meridian/schemas';
import { Check, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { QueryError } from '@/components/query-error';
import { useCustodyApprovals, useDecideCustodyApproval } from '@/entities/custody';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatCurrency, formatDateTime } from '@/lib/format';

const KIND_LABEL: Record<CustodyApproval['kind'], string> = {
  'custody.withdrawal': 'Withdrawal',
  'custody.deposit': 'Deposit',
  'settlement.batch': 'Process Queue',
};

/**
 * Second signatures (issue 17 item 8, issue 12 item 4): custody actions another custodian asked
 * for and that wait for this one, with Approve and Reject; one's own requests are listed as
 * waiting for someone else (the server refuses a self-approval either way).
 */
export function ApprovalsCard() {
  const approvals = useCustodyApprovals();
  const decide = useDecideCustodyApproval();
  const act = (a: CustodyApproval, decision: 'approve' | 'reject') =>
    decide.mutate(
      { approvalId: a.approvalId, decision },
      {
        onSuccess: (r) =>
          toast({
            title: decision === 'reject' ? 'Request Rejected' : 'Request Approved',
            description:
              decision === 'reject'
                ? `${a.summary}: nothing moved.`
                : r.batch
                  ? `${r.batch.completed} settled, ${r.batch.failed} failed, ${r.batch.notDue} not yet due.`
                  : r.move
                    ? `${KIND_LABEL[a.kind]} of ${formatCurrency(r.move.amount, r.move.currency)} booked.`
                    : `${a.summary}: waiting for more signatures.`,
          }),
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) }),
      },
    );
  const rows = approvals.data ?? [];
  return (
    <Card data-testid="approvals-card">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Awaiting Second Signature</CardTitle>
        <Badge variant={rows.some((a) => !a.requestedByYou) ? 'warning' : 'secondary'}>
          {rows.filter((a) => !a.requestedByYou).length} for you
        </Badge>
      </CardHeader>
      <CardContent>
        {approvals.isPending ? (
          <Skeleton className="h-24" />
        ) : approvals.isError ? (
          <QueryError what="pending approvals" error={approvals.error} onRetry={() => void approvals.refetch()} />
        ) : rows.length === 0 ? (
          <p className="py-2 text-center text-sm text-muted-foreground">Nothing waiting for a second signature</p>
        ) : (
          <ul className="divide-y text-sm">
            {rows.map((a) => (
              <li
                key={a.approvalId}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
                data-testid="approval-row"
              >
                <div className="min-w-0">
                  <div className="flex items-center gap-2">
                    <Badge variant="info">{KIND_LABEL[a.kind]}</Badge>
                    <span className="font-medium">{a.summary}</span>
                  </div>
                  <div className="text-xs text-muted-foreground">
                    {formatCurrency(a.amount, a.currency)} · requested by {a.requestedBy} ·{' '}
                    {formatDateTime(a.createdAt)}
                  </div>
                </div>
                {a.requestedByYou ? (
                  <span className="text-xs text-muted-foreground">Waiting for another custodian</span>
                ) : (
                  <div className="flex shrink-0 gap-2">
                    <Button
                      size="sm"
                      onClick={() => act(a, 'approve')}
                      disabled={decide.isPending}
                      aria-label={`Approve: ${a.summary}`}
                    >
                      <Check aria-hidden /> Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => act(a, 'reject')}
                      disabled={decide.isPending}
                      aria-label={`Reject: ${a.summary}`}
                    >
                      <X aria-hidden /> Reject
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
