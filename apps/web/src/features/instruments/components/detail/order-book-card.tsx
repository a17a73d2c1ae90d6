import { ORDER_BOOK_DEPTH, type BookLevel } from '@meridian/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCurrency, formatNumber } from '@/lib/format';
import { useOrderBook } from '@/entities/market';

function Side({
  title,
  levels,
  currency,
  tone,
}: {
  title: string;
  levels: BookLevel[];
  currency: string;
  tone: string;
}) {
  return (
    <div>
      <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">{title}</h3>
      {levels.length === 0 ? (
        <p className="text-sm text-muted-foreground">No orders</p>
      ) : (
        <ul className="text-sm tabular-nums">
          {levels.slice(0, ORDER_BOOK_DEPTH).map((level) => (
            <li key={level.price} className="flex justify-between gap-4">
              <span className={tone}>{formatCurrency(level.price, currency)}</span>
              <span>{formatNumber(level.quantity)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Best levels of the instrument's order book: the same cache entry the trading screen's book uses. */
export function OrderBookCard({ instrumentId, currency }: { instrumentId: string; currency: string }) {
  const book = useOrderBook(instrumentId);
  const bestBid = book.data?.bids[0];
  const bestAsk = book.data?.asks[0];
  const spread = bestBid && bestAsk ? Number(bestAsk.price) - Number(bestBid.price) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order book</CardTitle>
      </CardHeader>
      <CardContent>
        {book.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : book.isError ? (
          <p className="text-sm text-destructive">The order book could not be loaded.</p>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm">
              Spread: <span className="font-medium">{spread === null ? '—' : formatCurrency(spread, currency)}</span>
            </p>
            <div className="grid grid-cols-2 gap-6">
              <Side title="Bids" levels={book.data.bids} currency={currency} tone="text-success" />
              <Side title="Asks" levels={book.data.asks} currency={currency} tone="text-destructive" />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
