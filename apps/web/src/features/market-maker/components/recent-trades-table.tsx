import type { LiquidityRecentTrade } from '@meridian/schemas';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatDateTime, formatNumber } from '@/lib/format';

/** Recent Trades (SPEC §2): the market maker's latest fills. */
export function RecentTradesTable({ trades }: { trades: LiquidityRecentTrade[] }) {
  if (trades.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">No trades yet</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Pair</TableHead>
          <TableHead>Side</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Price</TableHead>
          <TableHead>Time</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {trades.map((trade) => (
          <TableRow key={trade.id}>
            <TableCell className="font-medium">{trade.pair}</TableCell>
            <TableCell>
              <Badge variant={trade.side === 'buy' ? 'success' : 'destructive'}>{trade.side}</Badge>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(trade.quantity)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCurrency(trade.price, trade.currency)}</TableCell>
            <TableCell className="text-muted-foreground">{formatDateTime(trade.executedAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
