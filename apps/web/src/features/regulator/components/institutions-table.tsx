import type { InstitutionList } from '@meridian/schemas';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '@/lib/format';

/** Institution Breakdown (SPEC §2): every registered institution, most active first. */
export function InstitutionsTable({ data }: { data: InstitutionList }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Institution</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>LEI</TableHead>
          <TableHead className="text-right">Trades (30d)</TableHead>
          <TableHead className="text-right">Volume (30d)</TableHead>
          <TableHead className="text-right">Market Share</TableHead>
          <TableHead className="text-right">Open Cases</TableHead>
          <TableHead>Last Report</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.institutions.map((i) => (
          <TableRow key={i.id} data-testid="institution-row">
            <TableCell className="font-medium">{i.name}</TableCell>
            <TableCell className="capitalize">{i.sector}</TableCell>
            <TableCell className="font-mono text-xs">{i.lei ?? '–'}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(i.trades30d)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatCurrency(i.volume30d, data.reportingCurrency)}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatPercent(i.marketSharePct, { digits: 1 })}</TableCell>
            <TableCell className="text-right tabular-nums">
              {i.openCases}
              {i.highSeverityOpen > 0 ? ` (${i.highSeverityOpen} High)` : ''}
            </TableCell>
            <TableCell className="text-xs">{i.lastReportAt ? formatDate(i.lastReportAt) : 'None'}</TableCell>
            <TableCell>
              <Badge variant={i.compliant ? 'success' : 'destructive'}>
                {i.compliant ? 'Compliant' : 'Action needed'}
              </Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
