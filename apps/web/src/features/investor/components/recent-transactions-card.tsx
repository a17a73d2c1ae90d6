import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useRecentTransactions } from '@/entities/transaction';

import { formatCurrency, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { RECENT_TRANSACTIONS_ROWS } from '../constants';
import { QueryError } from '@/components/query-error';

// As on the landing page: buys green, sells red; payments plain.
const TYPE_TONE: Record<string, string> = { Buy: 'text-success', Sell: 'text-destructive' };

const STATUS_VARIANT = {
  completed: 'success',
  processing: 'info',
  pending: 'warning',
  failed: 'destructive',
} as const;

/** Recent Transactions (SPEC §2): type, asset, amount, status, time. */
export function RecentTransactionsCard() {
  const transactions = useRecentTransactions(RECENT_TRANSACTIONS_ROWS);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Transactions</CardTitle>
      </CardHeader>
      <CardContent>
        {transactions.isPending ? (
          <Skeleton className="h-28" />
        ) : transactions.isError ? (
          <QueryError
            inline
            what="transactions"
            error={transactions.error}
            onRetry={() => void transactions.refetch()}
          />
        ) : !transactions.data?.length ? (
          <p className="text-sm text-muted-foreground">No transactions yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Type</TableHead>
                <TableHead>Asset</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead className="hidden sm:table-cell">Time</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {transactions.data.map((t) => (
                <TableRow key={t.key}>
                  <TableCell className={cn('font-medium', TYPE_TONE[t.type])}>{t.type}</TableCell>
                  <TableCell className="max-w-36 truncate sm:max-w-48">{t.asset}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCurrency(t.amount, t.currency)}</TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <Badge variant={STATUS_VARIANT[t.status]}>{t.status}</Badge>
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground sm:table-cell">{formatDateTime(t.time)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
