import type { CaseSummary } from '@meridian/schemas';
import { Eye } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { RULE_LABELS } from '../lib/labels';
import { SeverityBadge, StatusBadge } from './case-badges';

type Props = { cases: CaseSummary[]; onReview: (id: string) => void; empty: string };

/** Surveillance cases with a Review button that opens the case. */
export function CasesTable({ cases, onReview, empty }: Props) {
  if (cases.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Violation</TableHead>
          <TableHead>Institution</TableHead>
          <TableHead>Instrument</TableHead>
          <TableHead>Severity</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Detected</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {cases.map((c) => (
          <TableRow key={c.id} data-testid="case-row">
            <TableCell>
              <div className="font-medium">{RULE_LABELS[c.rule]}</div>
              <div className="text-xs text-muted-foreground">{c.summary}</div>
            </TableCell>
            <TableCell>{c.organisationName ?? 'Platform account'}</TableCell>
            <TableCell>{c.instrumentName}</TableCell>
            <TableCell>
              <SeverityBadge severity={c.severity} />
            </TableCell>
            <TableCell>
              <StatusBadge status={c.status} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-xs">{formatDateTime(c.detectedAt)}</TableCell>
            <TableCell className="text-right">
              <Button size="sm" variant="outline" onClick={() => onReview(c.id)}>
                <Eye aria-hidden /> Review
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
