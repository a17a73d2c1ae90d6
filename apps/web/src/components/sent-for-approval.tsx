import { Hourglass } from 'lucide-react';
import type { SentForApprovalNotice } from '@/lib/sent-for-approval';

/**
 * The "sent for approval" state of a form (decision 0049): not done, not failed, waiting for a
 * supervisor. A polite status region, so screen readers hear it without it being an alert.
 */
export function SentForApproval({ notice, onDismiss }: { notice: SentForApprovalNotice; onDismiss?: () => void }) {
  return (
    <div
      role="status"
      aria-labelledby="sent-for-approval-title"
      data-testid="sent-for-approval"
      data-approval-id={notice.approvalId}
      className="flex gap-3 rounded-md border border-warning/40 bg-warning-muted p-3 text-sm"
    >
      <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-1 flex-col gap-1">
        <p id="sent-for-approval-title" className="font-semibold">
          {notice.title}
        </p>
        <p>{notice.description}</p>
        <p className="text-muted-foreground">{notice.next}</p>
        {onDismiss ? (
          <button type="button" className="self-start text-xs underline" onClick={onDismiss}>
            Dismiss
          </button>
        ) : null}
      </div>
    </div>
  );
}
