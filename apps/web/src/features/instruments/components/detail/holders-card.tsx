import type { InstrumentHolder } from '@meridian/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber, formatPercent } from '@/lib/format';

/** Who holds the issued units, from the ledger. */
export function HoldersCard({ holders }: { holders: InstrumentHolder[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Holders</CardTitle>
      </CardHeader>
      <CardContent>
        {holders.length === 0 ? (
          <p className="text-sm text-muted-foreground">No holders recorded.</p>
        ) : (
          <Table aria-label="Holders">
            <TableHeader>
              <TableRow>
                <TableHead>Holder</TableHead>
                <TableHead className="text-right">Units</TableHead>
                <TableHead className="text-right">Share</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {holders.map((holder) => (
                <TableRow key={holder.userId}>
                  <TableCell>{holder.name}</TableCell>
                  <TableCell className="text-right">{formatNumber(holder.units)}</TableCell>
                  <TableCell className="text-right">{formatPercent(holder.share)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
