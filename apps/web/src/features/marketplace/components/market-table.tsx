import { CONTRACT_TYPE_LABELS, type InstrumentListItem } from '@meridian/schemas';
import { CandlestickChart, Info, ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination, SortableHead, useTableView } from '@/components/ui/data-table';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatDate, formatPercent, formatPrice } from '@/lib/format';

const PRICE_SOURCE_TITLES = {
  last: 'Last traded price',
  model: 'Model price: discounted ACTUS cash flows',
  issue: 'Issue price (never traded)',
} as const;

type Props = { rows: InstrumentListItem[]; onBuy: (row: InstrumentListItem) => void };

const toNumber = (value: string | null) => (value === null ? null : Number(value));
const SORT_BY = {
  name: (row: InstrumentListItem) => row.name,
  price: (row: InstrumentListItem) => toNumber(row.price),
  yield: (row: InstrumentListItem) => row.yield,
  maturity: (row: InstrumentListItem) => row.maturityDate,
  rating: (row: InstrumentListItem) => row.rating,
  volume: (row: InstrumentListItem) => toNumber(row.volume24h),
};

/** Marketplace rows: price, yield, maturity, rating, 24h volume, Buy, Trade (order book) and Info. */
export function MarketTable({ rows, onBuy }: Props) {
  const view = useTableView(rows, SORT_BY);
  const head = { sort: view.sort, onSort: view.onSort };
  return (
    <>
      <Table aria-label="Listed instruments">
        <TableHeader>
          <TableRow>
            <SortableHead sortKey="name" {...head}>
              Instrument
            </SortableHead>
            <SortableHead sortKey="price" align="right" {...head}>
              Price
            </SortableHead>
            <SortableHead sortKey="yield" align="right" {...head}>
              Yield
            </SortableHead>
            <SortableHead sortKey="maturity" {...head}>
              Maturity
            </SortableHead>
            <SortableHead sortKey="rating" {...head}>
              Rating
            </SortableHead>
            <SortableHead sortKey="volume" align="right" {...head}>
              24h Volume
            </SortableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {view.rows.map((row) => (
            <TableRow key={row.id} data-testid="market-row">
              <TableCell>
                <div className="font-medium" data-testid="market-name">
                  {row.name}
                </div>
                <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Badge variant="outline" title={CONTRACT_TYPE_LABELS[row.contractType]}>
                    {row.contractType}
                  </Badge>
                  {row.currency} · {row.issuerName ?? 'Unknown issuer'}
                </div>
              </TableCell>
              <TableCell
                className="text-right"
                data-testid="market-price"
                title={row.priceSource ? PRICE_SOURCE_TITLES[row.priceSource] : undefined}
              >
                {row.price === null ? '—' : formatPrice(row.price, row.currency)}
                {row.priceSource && row.priceSource !== 'last' ? (
                  <span className="ml-1 text-xs text-muted-foreground">{row.priceSource}</span>
                ) : null}
              </TableCell>
              <TableCell className="text-right" data-testid="market-yield">
                {row.yield === null ? '—' : formatPercent(row.yield)}
              </TableCell>
              <TableCell>{row.maturityDate ? formatDate(row.maturityDate) : 'N/A'}</TableCell>
              <TableCell>{row.rating ? <Badge variant="info">{row.rating}</Badge> : '—'}</TableCell>
              <TableCell className="text-right">{formatCurrency(row.volume24h, row.currency)}</TableCell>
              <TableCell>
                <div className="flex justify-end gap-2">
                  <Button size="sm" variant="success" onClick={() => onBuy(row)} aria-label={`Buy ${row.name}`}>
                    <ShoppingCart aria-hidden /> Buy
                  </Button>
                  <Button size="sm" variant="outline" asChild>
                    <Link href={`/trading?instrument=${row.id}`} aria-label={`Trade ${row.name}`}>
                      <CandlestickChart aria-hidden /> Trade
                    </Link>
                  </Button>
                  <Button size="sm" variant="outline" asChild>
                    <Link href={`/instruments/${row.id}`} aria-label={`Info ${row.name}`}>
                      <Info aria-hidden /> Info
                    </Link>
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination label="Listed instruments" shown={view.rows.length} {...view} />
    </>
  );
}
