import { toMinorUnits, type BookLevel } from '@meridian/schemas';
import type { MarketEventBus } from '../market-data/event-bus';

/** Best bid and ask in hundredths; 0 when a side is empty. */
export interface BestPrices {
  bid: number;
  ask: number;
}

const bestLevel = (levels: BookLevel[]) => (levels[0] ? Number(toMinorUnits(levels[0].price)) : 0);
const bestQuote = (price: string | null) => (price === null ? 0 : Number(toMinorUnits(price)));

/**
 * What the books owned by other instances look like from here: their best bid and ask as
 * their owners last fanned them out in tickers (decision 0089: an instance without client
 * streams does not receive their book frames); a book frame seen here is used as well.
 * `ownsBook` says which books this instance writes itself, so their events are not mirrored.
 */
export class BookMirror {
  private readonly best = new Map<string, BestPrices>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly bus: MarketEventBus,
    private readonly ownsBook: (instrumentId: string) => boolean,
  ) {}

  start(): void {
    this.unsubscribe = this.bus.subscribe(
      (event) => {
        if (event.type === 'book' && !this.ownsBook(event.instrumentId)) {
          this.best.set(event.instrumentId, { bid: bestLevel(event.bids), ask: bestLevel(event.asks) });
        } else if (event.type === 'ticker' && !this.ownsBook(event.ticker.instrumentId)) {
          this.best.set(event.ticker.instrumentId, {
            bid: bestQuote(event.ticker.bestBid),
            ask: bestQuote(event.ticker.bestAsk),
          });
        }
      },
      { remote: 'tickers' },
    );
  }

  stop(): void {
    this.unsubscribe?.();
  }

  /** The instrument's best prices as last seen, or null when nothing was seen of its book. */
  bestPrices(instrumentId: string): BestPrices | null {
    return this.best.get(instrumentId) ?? null;
  }
}
