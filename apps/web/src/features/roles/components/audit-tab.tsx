import type { AuditEvent } from '@meridian/schemas';
import { useEffect, useState } from 'react';
import { useAuditTrail } from '@/entities/audit';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

import { formatDateTime } from '@/lib/format';
import { QueryError } from '@/components/query-error';

const PAGE_SIZE = 25;
const FILTER_DEBOUNCE_MS = 300;

/** A one-line "before → after" summary of what changed. */
function changeSummary(event: AuditEvent): string {
  const show = (v: Record<string, unknown> | null) =>
    v === null
      ? ''
      : Object.entries(v)
          .slice(0, 4)
          .map(([k, value]) => `${k}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
          .join(', ');
  const before = show(event.before);
  const after = show(event.after);
  return before && after ? `${before} → ${after}` : before || after;
}

/** The hash-chained audit trail (GET /api/audit), newest first, for holders of view_audit. */
export function AuditTab() {
  const [text, setText] = useState('');
  const [action, setAction] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAction(text.trim()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const trail = useAuditTrail({ action: action || undefined, limit: PAGE_SIZE });
  const events = trail.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Trail</CardTitle>
        <CardDescription>
          Every state change, append-only and hash-chained: who, under which permission, what, from where.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid max-w-sm gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <Input
            id="audit-action"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. access. or trading.order.place"
          />
        </div>
        {trail.isError ? (
          <QueryError
            inline
            className="text-sm"
            what="the audit trail"
            error={trail.error}
            onRetry={() => void trail.refetch()}
          />
        ) : trail.isPending ? (
          <p className="text-sm text-muted-foreground">Loading audit trail…</p>
        ) : events.length === 0 ? (
          <p className="text-sm text-muted-foreground">No audit events match.</p>
        ) : (
          <Table aria-label="Audit trail">
            <TableHeader>
              <TableRow>
                <TableHead className="text-right">#</TableHead>
                <TableHead>Time</TableHead>
                <TableHead>Actor</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>Authorised by</TableHead>
                <TableHead>Change</TableHead>
                <TableHead>Client</TableHead>
                <TableHead>Hash</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {events.map((e) => (
                <TableRow key={e.seq}>
                  <TableCell className="text-right">{e.seq}</TableCell>
                  <TableCell className="whitespace-nowrap text-xs">{formatDateTime(e.occurredAt)}</TableCell>
                  <TableCell className="text-xs">{e.actorEmail ?? 'system'}</TableCell>
                  <TableCell className="font-mono text-xs">{e.action}</TableCell>
                  <TableCell className="text-xs">{e.authorisedBy ?? '—'}</TableCell>
                  <TableCell className="max-w-64 truncate text-xs" title={changeSummary(e)}>
                    {changeSummary(e) || '—'}
                  </TableCell>
                  <TableCell className="text-xs">{e.clientAddress ?? '—'}</TableCell>
                  <TableCell className="font-mono text-xs" title={e.hash}>
                    {e.hash.slice(0, 10)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {trail.hasNextPage ? (
          <div>
            <Button variant="outline" disabled={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()}>
              {trail.isFetchingNextPage ? 'Loading...' : 'Load older events'}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
