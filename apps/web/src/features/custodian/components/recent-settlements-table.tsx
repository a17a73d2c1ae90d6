import type { CustodySettlement } from '@meridian/schemas';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatDateTime } from '@/lib/format';
import { shortId, STATUS_VARIANT } from '../lib/settlement-display';

/** Recent Settlements (SPEC §2): id, client, asset, amount, status, time. */
export function RecentSettlementsTable({ settlements }: { settlements: CustodySettlement[] }) {
  if (settlements.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">No settlements yet</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>ID</TableHead>
          <TableHead>Client</TableHead>
          <TableHead>Asset</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Time</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {settlements.map((s) => (
          <TableRow key={s.id}>
            <TableCell className="font-mono text-xs" title={s.id}>
              {shortId(s.id)}
            </TableCell>
            <TableCell>{s.client}</TableCell>
            <TableCell className="font-medium">{s.asset}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCurrency(s.amount, s.currency)}</TableCell>
            <TableCell>
              <Badge variant={STATUS_VARIANT[s.status]}>{s.status}</Badge>
            </TableCell>
            <TableCell className="text-muted-foreground">{formatDateTime(s.settledAt ?? s.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
