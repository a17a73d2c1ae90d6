import type { CaseDetail, CaseStatus } from '@meridian/schemas';
import { useState } from 'react';
import { useAddCaseNote, useAssignCaseToMe, useCase, useTransitionCase } from '@/entities/surveillance-case';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDateTime, formatPrice } from '@/lib/format';
import { RULE_LABELS, TRANSITION_LABELS } from '../lib/labels';
import { SeverityBadge, StatusBadge } from './case-badges';

type Props = { caseId: string | null; onClose: () => void };

/** One surveillance case: evidence (figures, timeline, orders, trades), notes and its next statuses. */
export function CaseDialog({ caseId, onClose }: Props) {
  const detail = useCase(caseId);
  return (
    <Dialog open={caseId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        {detail.data ? (
          <CaseBody data={detail.data} />
        ) : (
          <DialogHeader>
            <DialogTitle>Case</DialogTitle>
            <DialogDescription>{detail.isError ? errorMessage(detail.error) : 'Loading case…'}</DialogDescription>
          </DialogHeader>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CaseBody({ data }: { data: CaseDetail }) {
  const [note, setNote] = useState('');
  const transition = useTransitionCase();
  const addNote = useAddCaseNote();
  const assign = useAssignCaseToMe();
  const busy = transition.isPending || addNote.isPending || assign.isPending;
  const failed = (error: unknown) =>
    toast({ title: 'Case not updated', description: errorMessage(error), variant: 'destructive' });
  const requireNote = () => {
    if (note.trim()) return true;
    toast({ title: 'Note required', description: 'Please add a note explaining the change.', variant: 'destructive' });
    return false;
  };
  const move = (status: CaseStatus) =>
    requireNote() &&
    transition.mutate({ id: data.id, status, note }, { onSuccess: () => setNote(''), onError: failed });

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex flex-wrap items-center gap-2">
          {RULE_LABELS[data.rule]} <SeverityBadge severity={data.severity} /> <StatusBadge status={data.status} />
        </DialogTitle>
        <DialogDescription>
          {data.summary} — {data.organisationName ?? 'Platform account'}, {data.instrumentName}. Detected{' '}
          {formatDateTime(data.detectedAt)}. Assigned to {data.assignedTo ?? 'nobody yet'}.
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        {Object.entries(data.figures).map(([key, value]) => (
          <div key={key} className="flex justify-between gap-2">
            <dt className="text-muted-foreground">{key}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <section>
        <h3 className="mb-1 text-sm font-semibold">Timeline</h3>
        <ol className="max-h-40 overflow-y-auto text-xs" data-testid="case-timeline">
          {data.timeline.map((entry, i) => (
            <li key={i} className="flex gap-3 py-0.5">
              <span className="whitespace-nowrap text-muted-foreground">{formatDateTime(entry.at)}</span>
              <span>{entry.event}</span>
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h3 className="mb-1 text-sm font-semibold">Trades ({data.trades.length})</h3>
        <ul className="max-h-32 overflow-y-auto text-xs">
          {data.trades.map((t) => (
            <li key={t.id}>
              {formatDateTime(t.createdAt)}: {t.quantity} @ {formatPrice(t.price)} — {t.buyer} bought from {t.seller}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className="mb-1 text-sm font-semibold">Orders ({data.orders.length})</h3>
        <ul className="max-h-32 overflow-y-auto text-xs">
          {data.orders.map((o) => (
            <li key={o.id}>
              {o.owner}: {o.side} {o.quantity} @ {o.price ? formatPrice(o.price) : 'market'}, filled {o.filledQuantity},{' '}
              {o.status}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className="mb-1 text-sm font-semibold">Notes</h3>
        {data.notes.length === 0 ? <p className="text-xs text-muted-foreground">No notes yet.</p> : null}
        <ul className="text-xs" data-testid="case-notes">
          {data.notes.map((n) => (
            <li key={n.id} className="py-0.5">
              <span className="text-muted-foreground">
                {formatDateTime(n.createdAt)} {n.author}
                {n.toStatus ? ` (${n.fromStatus} → ${n.toStatus})` : ''}:
              </span>{' '}
              {n.body}
            </li>
          ))}
        </ul>
      </section>
      <div className="grid gap-2">
        <Label htmlFor="case-note">Note</Label>
        <Textarea id="case-note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
        <div className="flex flex-wrap gap-2">
          {data.allowedTransitions.map((status) => (
            <Button key={status} disabled={busy} onClick={() => move(status)}>
              {TRANSITION_LABELS[status]}
            </Button>
          ))}
          <Button
            variant="outline"
            disabled={busy}
            onClick={() =>
              requireNote() &&
              addNote.mutate({ id: data.id, body: note }, { onSuccess: () => setNote(''), onError: failed })
            }
          >
            Add note
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => assign.mutate(data.id, { onError: failed })}>
            Assign to me
          </Button>
        </div>
      </div>
    </>
  );
}
