import type { WebSocket } from '@fastify/websocket';
import type { Db } from '../../db/client';
import { Coalescer, type MarketEvent, type MarketEventBus } from './event-bus';
import { tickers, type BookQuotes } from './tickers';

/** Frames other than the user's own orders are dropped while a slow client has this much unsent. */
const MAX_BUFFERED_BYTES = 1 << 20;
const TICKER_DELAY_MS = 500;

/** Commands one connection may have in flight; more are answered 429 at once. */
export const MAX_COMMANDS_IN_FLIGHT = 64;

/** Answers one command frame (order entry, provided by the trading module): a JSON-serialisable answer. */
export type CommandHandler = (text: string) => Promise<{ type: string; ref: string | null }>;

/** The connection's byte stream (the TCP socket under the WebSocket), which can hold writes back. */
export interface Wire {
  cork(): void;
  uncork(): void;
}

export interface StreamOptions {
  /** The connection's byte stream: frames sent in one tick leave in one write. */
  wire?: Wire;
  /** Only the user's own order frames (`?feed=orders`, decision 0092): no public market frames. */
  ownOrdersOnly?: boolean;
}

/** Each event's frame, serialised once for every connection it goes to (a trade goes to all of them). */
const frames = new WeakMap<MarketEvent, string>();

export function frameOf(event: MarketEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    const { userId: _owner, remote: _remote, ...message } = event;
    frame = JSON.stringify(message);
    frames.set(event, frame);
  }
  return frame;
}

/**
 * Forwards bus events to one authenticated connection: everything public, plus the user's
 * own orders. With `commands`, text frames the client sends are commands (order entry),
 * each answered by one frame carrying its `ref`. With `wire`, the frames sent to the
 * connection in one tick (a batch's orders and trades, command answers) leave in one write,
 * not one system call each: the wire is corked at the first and uncorked on the next tick,
 * in order (decision 0092).
 */
export function attachStream(
  socket: WebSocket,
  userId: string,
  bus: MarketEventBus,
  commands?: CommandHandler,
  { wire, ownOrdersOnly = false }: StreamOptions = {},
): void {
  let corked = false;
  const uncork = () => {
    corked = false;
    wire!.uncork();
  };
  const send = (frame: string) => {
    if (wire && !corked) {
      corked = true;
      wire.cork();
      process.nextTick(uncork);
    }
    socket.send(frame);
  };
  const unsubscribe = bus.subscribe(
    (event) => {
      if (socket.readyState !== socket.OPEN) return;
      const owner = event.userId;
      if (owner === undefined) {
        if (ownOrdersOnly || socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
      } else if (owner !== userId) return;
      send(frameOf(event));
    },
    // Own orders only: no other instance's public events either (decision 0089).
    { userId, remote: ownOrdersOnly ? 'none' : 'all' },
  );
  socket.on('close', unsubscribe);
  socket.on('error', unsubscribe);
  if (!commands) {
    socket.on('message', () => undefined);
    return;
  }
  let inFlight = 0;
  socket.on('message', (data, isBinary) => {
    const text = isBinary ? '' : String(data);
    if (inFlight >= MAX_COMMANDS_IN_FLIGHT) {
      send(
        JSON.stringify({
          type: 'error',
          ref: refOf(text),
          status: 429,
          code: 'TOO_MANY_REQUESTS',
          message: `At most ${MAX_COMMANDS_IN_FLIGHT} commands in flight per connection`,
        }),
      );
      return;
    }
    inFlight++;
    void commands(text)
      .then((answer) => {
        if (socket.readyState === socket.OPEN) send(JSON.stringify(answer));
      })
      .finally(() => inFlight--);
  });
}

/** The `ref` of a frame refused before it was read, when it has a readable one. */
function refOf(text: string): string | null {
  try {
    const ref = (JSON.parse(text) as { ref?: unknown }).ref;
    return typeof ref === 'string' && ref.length <= 100 ? ref : null;
  } catch {
    return null;
  }
}

/** Publishes an instrument's ticker shortly after its trades or book changed (coalesced). */
export class TickerPublisher {
  private readonly coalescer = new Coalescer(TICKER_DELAY_MS);
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly trading: BookQuotes & { nextSeq(instrumentId: string): number },
    private readonly bus: MarketEventBus,
  ) {}

  start(): void {
    this.unsubscribe = this.bus.subscribe(
      (event) => {
        // The book's owner publishes its ticker; the others receive it through the fan-out.
        if (event.remote) return;
        const instrumentId =
          event.type === 'trade' ? event.trade.instrumentId : event.type === 'book' ? event.instrumentId : null;
        if (instrumentId) this.coalescer.schedule(instrumentId, () => void this.publish(instrumentId));
      },
      { remote: 'none' },
    );
  }

  stop(): void {
    this.unsubscribe?.();
    this.coalescer.stop();
  }

  private async publish(instrumentId: string): Promise<void> {
    try {
      const [ticker] = await tickers(this.db, this.trading, instrumentId);
      if (ticker) this.bus.publish({ type: 'ticker', ticker, seq: this.trading.nextSeq(instrumentId) });
    } catch {
      // The database may be closing; the next trade publishes a fresh ticker.
    }
  }
}
