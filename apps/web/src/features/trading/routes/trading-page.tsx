import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageHeader } from '@/components/page-header';

import { useInstruments } from '@/entities/instrument';
import { useLiveStream, useMarketData } from '@/entities/market';
import { useMyOrders } from '@/entities/order';
import { usePortfolioAnalytics } from '@/entities/portfolio';
import { AccountCard } from '../components/account-card';
import { HeaderActions } from '../components/header-actions';
import { LoadingCards } from '../components/loading-cards';
import { MarketWatch } from '../components/market-watch';
import { OrderBookCard } from '../components/order-book-card';
import { OrderHistoryCard } from '../components/order-history';
import { PlaceOrderCard } from '../components/place-order-card';
import { PriceChartCard } from '../components/price-chart-card';
import { availableFor } from '../lib/available';
import { ALL_TYPES, contractTypesOf, currentPrice, marketWatchRows, type WatchFilter } from '../lib/market-watch';
import { INSTRUMENTS_REFRESH_MS } from '../constants';
import { QueryError } from '@/components/query-error';

/** Trading Interface (/trading, SPEC §2): every figure from the real book, trades and ledger. */
export default function TradingPage() {
  const stream = useLiveStream();
  const instruments = useInstruments({ refetchInterval: INSTRUMENTS_REFRESH_MS });
  const tickers = useMarketData();
  const orders = useMyOrders();
  const portfolio = usePortfolioAnalytics();
  // The selection lives in ?instrument=<id>: links from other screens preselect, Market Watch
  // replaces it (no history entry per click), reload and back keep it.
  const search = useSearch();
  const [, navigate] = useLocation();
  const selectedId = new URLSearchParams(search).get('instrument');
  const select = (id: string) => navigate(`/trading?instrument=${encodeURIComponent(id)}`, { replace: true });
  const [filter, setFilter] = useState<WatchFilter>({ search: '', contractType: ALL_TYPES });

  const selected = instruments.data?.find((i) => i.id === selectedId);
  const ticker = tickers.data?.find((t) => t.instrumentId === selectedId);
  const available = (side: 'buy' | 'sell') => availableFor(portfolio.data, selected, side);

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
        <QueryError what="instruments" error={instruments.error} onRetry={() => void instruments.refetch()} />
      ) : (
        // Classic desk layout: watch list left, chart and book centre, ticket and account right.
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-12 [&>*>*]:h-full">
          <div className="lg:col-span-3 lg:row-span-2">
            <MarketWatch
              rows={marketWatchRows(instruments.data, tickers.data, filter)}
              total={instruments.data.length}
              contractTypes={contractTypesOf(instruments.data)}
              filter={filter}
              onFilterChange={setFilter}
              selectedId={selectedId}
              onSelect={select}
            />
          </div>
          <div className="lg:col-span-6">
            <PriceChartCard instrument={selected} ticker={ticker} />
          </div>
          <div className="lg:col-span-3">
            <PlaceOrderCard
              key={selectedId ?? 'none'}
              instrument={selected}
              currentPrice={currentPrice(selected, ticker)}
              available={available}
            />
          </div>
          <div className="lg:col-span-6">
            <OrderBookCard instrument={selected} />
          </div>
          <div className="lg:col-span-3">
            <AccountCard portfolio={portfolio} orders={orders.data} currency={selected?.currency} />
          </div>
          <div className="lg:col-span-12">
            <OrderHistoryCard />
          </div>
        </div>
      )}
    </section>
  );
}
