import { CONTRACT_TYPE_LABELS, type InstrumentListItem } from '@meridian/schemas';
import { FilePlus2 } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination, SortableHead, useTableView } from '@/components/ui/data-table';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatDate } from '@/lib/format';

const SORT_BY = {
  name: (row: InstrumentListItem) => row.name,
  type: (row: InstrumentListItem) => row.contractType,
  currency: (row: InstrumentListItem) => row.currency,
  notional: (row: InstrumentListItem) => Number(row.notionalAmount),
  maturity: (row: InstrumentListItem) => row.maturityDate,
  status: (row: InstrumentListItem) => row.status,
  created: (row: InstrumentListItem) => row.createdAt,
};

/** 'Your Instruments' rows; a row opens the instrument page. Headers sort; pages of 50. */
export function InstrumentsTable({ instruments }: { instruments: InstrumentListItem[] }) {
  const [, navigate] = useLocation();
  const view = useTableView(instruments, SORT_BY);
  const head = { sort: view.sort, onSort: view.onSort };
  return (
    <>
      <Table aria-label="Your instruments">
        <TableHeader>
          <TableRow>
            <SortableHead sortKey="name" {...head}>
              Name
            </SortableHead>
            <SortableHead sortKey="type" {...head}>
              Type
            </SortableHead>
            <SortableHead sortKey="currency" {...head}>
              Currency
            </SortableHead>
            <SortableHead sortKey="notional" align="right" {...head}>
              Notional Amount
            </SortableHead>
            <SortableHead sortKey="maturity" {...head}>
              Maturity
            </SortableHead>
            <SortableHead sortKey="status" {...head}>
              Status
            </SortableHead>
            <SortableHead sortKey="created" {...head}>
              Created
            </SortableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {view.rows.map((row) => (
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
                <Badge
                  variant={
                    row.status === 'active' ? 'success' : row.status === 'defaulted' ? 'destructive' : 'secondary'
                  }
                >
                  {row.status}
                </Badge>
              </TableCell>
              <TableCell className="text-muted-foreground">{formatDate(row.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination label="Your instruments" shown={view.rows.length} {...view} />
    </>
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
