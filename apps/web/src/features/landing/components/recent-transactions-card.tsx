import { ArrowLeftRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAuth } from '@/hooks/use-auth';
import { formatCurrency, formatDateTime, formatNumber } from '@/lib/format';
import { useMyTrades } from '../api/landing-queries';
import { RECENT_TRANSACTIONS_ROWS } from '../constants';
import { recentTransactions } from '../lib/portfolio-views';
import { CardMessage } from './card-message';

const typeVariant = (type: string) => (type === 'Buy' ? 'success' : type === 'Sell' ? 'destructive' : 'secondary');

/** Recent Transactions: the user's latest trades from GET /api/trades/my. */
export function RecentTransactionsCard() {
  const { user, isAuthenticated, isLoading: authLoading } = useAuth();
  const trades = useMyTrades();
  const rows = trades.data?.available ? recentTransactions(trades.data.data, user?.id, RECENT_TRANSACTIONS_ROWS) : [];
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
                <TableHead className="hidden sm:table-cell">Time</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <Badge variant={typeVariant(row.type)}>{row.type}</Badge>
                  </TableCell>
                  <TableCell className="max-w-40 truncate">{row.asset}</TableCell>
                  <TableCell className="text-right">{row.quantity === undefined ? '—' : formatNumber(row.quantity)}</TableCell>
                  <TableCell className="text-right">{row.price ? formatCurrency(row.price, row.currency) : '—'}</TableCell>
                  <TableCell className="hidden text-muted-foreground sm:table-cell">
                    {row.time ? formatDateTime(row.time) : '—'}
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
