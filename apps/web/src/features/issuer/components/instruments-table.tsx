import { CONTRACT_TYPE_LABELS, type InstrumentListItem } from '@meridian/schemas';
import { FilePlus2 } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatDate } from '@/lib/format';

/** 'Your Instruments' rows; a row opens the instrument page. */
export function InstrumentsTable({ instruments }: { instruments: InstrumentListItem[] }) {
  const [, navigate] = useLocation();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Currency</TableHead>
          <TableHead className="text-right">Notional Amount</TableHead>
          <TableHead>Maturity</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Created</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {instruments.map((row) => (
          <TableRow key={row.id} className="cursor-pointer" onClick={() => navigate(`/instruments/${row.id}`)}>
            <TableCell className="font-medium">
              <Link
                href={`/instruments/${row.id}`}
                className="hover:underline"
                onClick={(event) => event.stopPropagation()}
              >
                {row.name}
              </Link>
            </TableCell>
            <TableCell>
              <Badge variant="outline" title={CONTRACT_TYPE_LABELS[row.contractType]}>
                {row.contractType}
              </Badge>
            </TableCell>
            <TableCell>{row.currency}</TableCell>
            <TableCell className="text-right">{formatCurrency(row.notionalAmount, row.currency)}</TableCell>
            <TableCell>{row.maturityDate ? formatDate(row.maturityDate) : 'N/A'}</TableCell>
            <TableCell>
              {/* SPEC §4: 'active' is highlighted, every other status muted. */}
              <Badge variant={row.status === 'active' ? 'success' : 'secondary'}>{row.status}</Badge>
            </TableCell>
            <TableCell className="text-muted-foreground">{formatDate(row.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Empty state of 'Your Instruments' (SPEC §2, word for word). */
export function NoInstruments() {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <FilePlus2 className="size-10 text-muted-foreground" aria-hidden />
      <h3 className="text-lg font-semibold">No instruments yet</h3>
      <p className="text-sm text-muted-foreground">
        Create your first ACTUS-compliant financial instrument to get started.
      </p>
      <Button asChild>
        <Link href="/create-instrument">Create First Instrument</Link>
      </Button>
    </div>
  );
}
