import type { CustodyAsset } from '@meridian/schemas';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatNumber, formatPercent } from '@/lib/format';

/** Asset Breakdown (SPEC §2): each asset held for clients, its value and share of custody. */
export function AssetBreakdownTable({
  assets,
  reportingCurrency,
}: {
  assets: CustodyAsset[];
  reportingCurrency: string;
}) {
  if (assets.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">No assets in custody</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Asset</TableHead>
          <TableHead>Type</TableHead>
          <TableHead className="text-right">Quantity</TableHead>
          <TableHead className="text-right">Value</TableHead>
          <TableHead className="text-right">Value ({reportingCurrency})</TableHead>
          <TableHead className="text-right">Share</TableHead>
          <TableHead className="text-right">Clients</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {assets.map((a) => (
          <TableRow key={`${a.assetType}:${a.asset}`}>
            <TableCell className="font-medium">{a.name}</TableCell>
            <TableCell className="text-muted-foreground">{a.assetType === 'cash' ? 'Cash' : 'Units'}</TableCell>
            <TableCell className="text-right tabular-nums">
              {a.assetType === 'cash' ? formatCurrency(a.quantity, a.currency) : formatNumber(a.quantity)}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatCurrency(a.value, a.currency)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {a.reportingValue === null ? 'not converted' : formatCurrency(a.reportingValue, reportingCurrency)}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatPercent(a.share)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(a.holders)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
