import { ArrowLeftRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAuth } from '@/entities/session';
import { formatCurrency, formatDateTime, formatNumber } from '@/lib/format';
import { useRecentTransactions } from '../api/landing-queries';
import { RECENT_TRANSACTIONS_ROWS } from '../constants';
import { CardMessage } from './card-message';

const SETTLEMENT_VARIANT = {
  completed: 'success',
  processing: 'info',
  pending: 'warning',
  failed: 'destructive',
} as const;

// Buys green, sells red; payments received plain, missed ones red.
const typeTone = (type: string, status: string) =>
  type === 'Buy' ? 'text-success' : type === 'Sell' || status === 'failed' ? 'text-destructive' : '';

/** Recent Transactions: the user's latest trades and servicing payments (coupons, redemptions, dividends…). */
export function RecentTransactionsCard() {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const trades = useRecentTransactions(RECENT_TRANSACTIONS_ROWS);
  const rows = trades.data?.available ? trades.data.data : [];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Recent Transactions</CardTitle>
        <ArrowLeftRight className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        {authLoading || (isAuthenticated && trades.isLoading) ? (
          <Skeleton className="h-28" />
        ) : !isAuthenticated ? (
          <CardMessage>Sign in to see your recent transactions.</CardMessage>
        ) : trades.isError ? (
          <CardMessage>Transactions could not be loaded.</CardMessage>
        ) : !trades.data?.available ? (
          <CardMessage>Trade history is not available on this server yet.</CardMessage>
        ) : rows.length === 0 ? (
          <CardMessage>No transactions yet.</CardMessage>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Type</TableHead>
                <TableHead>Asset</TableHead>
                <TableHead className="text-right">Quantity</TableHead>
                <TableHead className="text-right">Price</TableHead>
                <TableHead className="hidden text-right md:table-cell">Amount</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead className="hidden sm:table-cell">Time</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  <TableCell className={`font-medium ${typeTone(row.type, row.status)}`}>{row.type}</TableCell>
                  <TableCell className="max-w-48 truncate">{row.asset}</TableCell>
                  <TableCell className="text-right">
                    {row.quantity === null ? '—' : formatNumber(row.quantity)}
                  </TableCell>
                  <TableCell className="text-right">
                    {row.price === null ? '—' : formatCurrency(row.price, row.currency)}
                  </TableCell>
                  <TableCell className="hidden text-right md:table-cell">
                    {formatCurrency(row.amount, row.currency)}
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <Badge variant={SETTLEMENT_VARIANT[row.status]}>{row.status}</Badge>
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground sm:table-cell">
                    {formatDateTime(row.time)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
