import type { Approval } from '@meridian/schemas';
import { Check, X } from 'lucide-react';
import { type ApprovalDecision, useDecideApproval, usePendingApprovals } from '@/entities/role-management';
import { useAuth } from '@/entities/session';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';

const DECIDED_TITLE: Record<ApprovalDecision, string> = { approve: 'Approval Recorded', reject: 'Request Rejected' };

function outcome(approval: Approval, decision: ApprovalDecision): string {
  if (decision === 'reject') return `${approval.summary}: rejected.`;
  if (approval.status === 'approved') return `${approval.summary}: approved and applied.`;
  return `${approval.summary}: ${approval.approvedBy.length} of ${approval.requiredApprovers} approvals.`;
}

/** Approvals waiting for a decision; an approver can never decide their own request or decide twice. */
export function PendingApprovalsCard() {
  const { user } = useAuth();
  const approvals = usePendingApprovals(true);
  const decide = useDecideApproval();

  function submit(id: string, decision: ApprovalDecision) {
    decide.mutate(
      { id, decision },
      {
        onSuccess: (approval) => toast({ title: DECIDED_TITLE[decision], description: outcome(approval, decision) }),
        onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  }

  const rows = approvals.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending Approvals</CardTitle>
        <CardDescription>Requests waiting for distinct approvers (never the requester)</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No requests are waiting for approval.</p>
        ) : (
          <ul className="divide-y" aria-label="Pending approvals">
            {rows.map((a) => {
              const own = a.requestedBy === user?.id;
              const decided = user ? a.approvedBy.includes(user.email) : false;
              return (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="text-sm font-medium">{a.summary}</p>
                    <p className="text-xs text-muted-foreground">
                      Requested by {a.requestedByEmail} · expires {formatDateTime(a.expiresAt)}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge variant="warning">
                      {a.approvedBy.length} of {a.requiredApprovers} approvals
                    </Badge>
                    {own ? (
                      <Badge variant="outline">Your request</Badge>
                    ) : decided ? (
                      <Badge variant="outline">You approved</Badge>
                    ) : (
                      <>
                        <Button
                          size="sm"
                          aria-label={`Approve: ${a.summary}`}
                          disabled={decide.isPending}
                          onClick={() => submit(a.id, 'approve')}
                        >
                          <Check aria-hidden /> Approve
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Reject: ${a.summary}`}
                          disabled={decide.isPending}
                          onClick={() => submit(a.id, 'reject')}
                        >
                          <X aria-hidden /> Reject
                        </Button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
