import type { PortfolioAnalytics } from '@meridian/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency } from '@/lib/format';
import { ConvertCashDialog } from './convert-cash-dialog';

/** Cash per currency (each in its own currency, and its value in the reporting currency), with conversion. */
export function CashCard({ analytics: a }: { analytics: PortfolioAnalytics }) {
  const balances = a.cash.filter((c) => Number(c.total) > 0 || Number(c.reserved) > 0);
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Cash</CardTitle>
        <ConvertCashDialog balances={balances} />
      </CardHeader>
      <CardContent>
        {balances.length === 0 ? (
          <p className="text-sm text-muted-foreground">No cash in any currency.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Currency</TableHead>
                <TableHead className="text-right">Available</TableHead>
                <TableHead className="text-right">In {a.currency}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {balances.map((c) => (
                <TableRow key={c.currency}>
                  <TableCell className="font-medium">{c.currency}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatCurrency(c.available, c.currency)}
                    {Number(c.reserved) > 0 ? (
                      <div className="text-xs text-muted-foreground">
                        {formatCurrency(c.reserved, c.currency)} reserved
                      </div>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {c.reportingValue == null ? 'no FX rate' : formatCurrency(c.reportingValue, a.currency)}
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
