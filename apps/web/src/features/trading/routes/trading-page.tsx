import { useState } from 'react';
import { useSearch } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { formatCurrency, formatNumber } from '@/lib/format';
import { useLiveStream } from '@/lib/stream';
import { useMarketData } from '../api/get-market-data';
import { useMyOrders } from '../api/get-my-orders';
import { usePortfolio } from '../api/get-portfolio';
import { useTradingInstruments } from '../api/get-trading-instruments';
import { AccountCard } from '../components/account-card';
import { HeaderActions } from '../components/header-actions';
import { LoadingCards } from '../components/loading-cards';
import { MarketWatch } from '../components/market-watch';
import { OrderBookCard } from '../components/order-book-card';
import { PlaceOrderCard } from '../components/place-order-card';
import { PriceChartCard } from '../components/price-chart-card';
import { availableFor } from '../lib/available';
import { currentPrice, marketWatchRows } from '../lib/market-watch';

/** Trading Interface (/trading, SPEC §2): every figure from the real book, trades and ledger. */
export default function TradingPage() {
  const stream = useLiveStream();
  const instruments = useTradingInstruments();
  const tickers = useMarketData();
  const orders = useMyOrders();
  const portfolio = usePortfolio();
  // ?instrument=<id> preselects (links from other screens); Market Watch changes it.
  const search = useSearch();
  const [selectedId, setSelectedId] = useState<string | null>(() => new URLSearchParams(search).get('instrument'));

  const selected = instruments.data?.find((i) => i.id === selectedId);
  const ticker = tickers.data?.find((t) => t.instrumentId === selectedId);
  const available = (side: 'buy' | 'sell') => {
    const result = availableFor(portfolio.data, selected, side);
    if (!result) return null;
    return result.kind === 'cash' ? formatCurrency(result.amount, result.currency) : `${formatNumber(result.units)} units`;
  };

  return (
    <section>
      <PageHeader
        title="Trading Interface"
        description="Trade ACTUS instruments against the live order book"
        actions={<HeaderActions stream={stream} />}
      />
      {instruments.isPending ? (
        <LoadingCards />
      ) : instruments.isError ? (
        <Card>
          <CardContent className="py-6 text-sm text-destructive" role="alert">
            Could not load instruments: {errorMessage(instruments.error)}
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <MarketWatch rows={marketWatchRows(instruments.data, tickers.data)} selectedId={selectedId} onSelect={setSelectedId} />
          <div className="lg:col-span-2">
            <PriceChartCard instrument={selected} />
          </div>
          <PlaceOrderCard key={selectedId ?? 'none'} instrument={selected} currentPrice={currentPrice(selected, ticker)} available={available} />
          <OrderBookCard instrument={selected} />
          <AccountCard portfolio={portfolio.data} orders={orders.data} currency={selected?.currency} />
        </div>
      )}
    </section>
  );
}
