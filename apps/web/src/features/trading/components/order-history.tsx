import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { QueryError } from '@/components/query-error';
import { useOrderHistory } from '@/entities/order';
import { formatCurrency, formatDateTime, formatNumber } from '@/lib/format';

/** Orders per page: the server reads the next page from where this one ended (keyset cursor). */
export const ORDER_HISTORY_PAGE = 50;

/** Order History: every order of the user, newest first, older pages loaded by cursor on demand. */
export function OrderHistoryCard() {
  const history = useOrderHistory(ORDER_HISTORY_PAGE);
  const orders = history.data?.pages.flatMap((p) => p.orders) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order History</CardTitle>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : history.isError ? (
          <QueryError what="order history" error={history.error} onRetry={() => void history.refetch()} />
        ) : orders.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have not placed any orders yet.</p>
        ) : (
          <>
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Order history table">
              <Table data-testid="order-history">
                <TableHeader>
                  <TableRow>
                    <TableHead>Placed</TableHead>
                    <TableHead>Instrument</TableHead>
                    <TableHead>Side</TableHead>
                    <TableHead>Type</TableHead>
                    <TableHead className="text-right">Quantity</TableHead>
                    <TableHead className="text-right">Filled</TableHead>
                    <TableHead className="text-right">Price</TableHead>
                    <TableHead>Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {orders.map((o) => (
                    <TableRow key={o.id} data-testid="order-history-row">
                      <TableCell className="whitespace-nowrap">{formatDateTime(o.createdAt)}</TableCell>
                      <TableCell>{o.instrumentName}</TableCell>
                      <TableCell className={o.orderType === 'buy' ? 'text-success' : 'text-destructive'}>
                        {o.orderType === 'buy' ? 'Buy' : 'Sell'}
                      </TableCell>
                      <TableCell>{o.type}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatNumber(o.quantity)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatNumber(o.filledQuantity)}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {o.averagePrice !== null
                          ? `avg ${formatCurrency(o.averagePrice, o.currency)}`
                          : o.price === null
                            ? 'market'
                            : formatCurrency(o.price, o.currency)}
                      </TableCell>
                      <TableCell>{o.status}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2 pt-3 text-sm">
              <p className="text-muted-foreground" aria-live="polite">
                {formatNumber(orders.length)} order{orders.length === 1 ? '' : 's'} shown
                {history.hasNextPage ? '' : ' · all of them'}
              </p>
              {history.hasNextPage ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={history.isFetchingNextPage}
                  onClick={() => void history.fetchNextPage()}
                >
                  {history.isFetchingNextPage ? 'Loading...' : 'Load older orders'}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
