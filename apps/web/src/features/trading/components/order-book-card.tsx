import type { InstrumentListItem } from '@meridian/schemas';
import { BookOpen } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

import { formatCurrency, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useOrderBook } from '@/entities/market';
import { EMPTY_STATES, ORDER_BOOK_DEPTH } from '../constants';
import { bookView, type BookRow } from '../lib/order-book';
import { EmptyState } from './empty-state';
import { QueryError } from '@/components/query-error';

function Level({ row, currency }: { row: BookRow; currency: string }) {
  const bid = row.side === 'bid';
  // The depth bar grows from the right across the whole row, sized by the level's quantity.
  const bar = `var(--color-${bid ? 'success' : 'destructive'}-muted)`;
  return (
    <tr
      className="text-xs tabular-nums"
      data-testid={`book-${row.side}`}
      style={{ background: `linear-gradient(to left, ${bar} ${row.depthPercent}%, transparent ${row.depthPercent}%)` }}
    >
      <td className={cn('py-1 pl-2 font-medium', bid ? 'text-success' : 'text-destructive')}>
        {formatCurrency(row.price, currency)}
      </td>
      <td className="py-1 text-right">{formatNumber(row.quantity)}</td>
      <td className="py-1 pr-2 text-right text-muted-foreground">{formatCurrency(row.total, currency)}</td>
    </tr>
  );
}

function BookTable({ asks, bids, spread, currency }: ReturnType<typeof bookView> & { currency: string }) {
  return (
    <table className="w-full">
      <thead>
        <tr className="text-xs text-muted-foreground">
          <th className="pb-1 pl-2 text-left font-medium">Price</th>
          <th className="pb-1 text-right font-medium">Quantity</th>
          <th className="pb-1 pr-2 text-right font-medium">Total</th>
        </tr>
      </thead>
      <tbody>
        {asks.length === 0 ? (
          <EmptySide text="No asks" />
        ) : (
          asks.map((row) => <Level key={`a${row.price}`} row={row} currency={currency} />)
        )}
        <tr>
          <td
            colSpan={3}
            className="border-y py-1.5 text-center text-xs text-muted-foreground"
            data-testid="book-spread"
          >
            {spread === null ? 'No spread' : `Spread ${formatCurrency(spread, currency)}`}
          </td>
        </tr>
        {bids.length === 0 ? (
          <EmptySide text="No bids" />
        ) : (
          bids.map((row) => <Level key={`b${row.price}`} row={row} currency={currency} />)
        )}
      </tbody>
    </table>
  );
}

function EmptySide({ text }: { text: string }) {
  return (
    <tr>
      <td colSpan={3} className="py-3 text-center text-xs text-muted-foreground">
        {text}
      </td>
    </tr>
  );
}

/** Order Book of the selected instrument: 8 bids and 8 asks from the real book, live. */
export function OrderBookCard({ instrument }: { instrument: InstrumentListItem | undefined }) {
  const book = useOrderBook(instrument?.id ?? null, ORDER_BOOK_DEPTH);
  return (
    <Card data-testid="order-book">
      <CardHeader>
        <CardTitle>Order Book</CardTitle>
        <CardDescription>
          {instrument ? `${instrument.name} · ${ORDER_BOOK_DEPTH} levels a side` : 'Bids and asks'}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-3">
        {!instrument ? (
          <EmptyState icon={BookOpen} title={EMPTY_STATES.noOrderBook} />
        ) : book.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : book.isError ? (
          <QueryError
            inline
            className="py-8 text-center text-sm"
            what="the order book"
            error={book.error}
            onRetry={() => void book.refetch()}
          />
        ) : (
          <BookTable {...bookView(book.data)} currency={instrument.currency} />
        )}
      </CardContent>
    </Card>
  );
}
