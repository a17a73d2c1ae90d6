import { useCases } from '@/entities/surveillance-case';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

import { CasesTable } from './cases-table';
import { QueryError } from '@/components/query-error';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onReview: (id: string) => void };

/** Investigate Violations: every unresolved case, to pick one up. */
export function OpenCasesDialog({ open, onOpenChange, onReview }: Props) {
  const cases = useCases({ status: 'open', limit: 200 }, { enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>Investigate Violations</DialogTitle>
          <DialogDescription>
            {cases.data ? `${cases.data.openCount} open surveillance cases.` : 'Unresolved surveillance cases.'}
          </DialogDescription>
        </DialogHeader>
        {cases.isError ? (
          <QueryError inline what="open cases" error={cases.error} onRetry={() => void cases.refetch()} />
        ) : cases.data ? (
          <CasesTable cases={cases.data.cases} onReview={onReview} empty="No open cases." />
        ) : (
          <p className="text-sm text-muted-foreground">Loading cases…</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
