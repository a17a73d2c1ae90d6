import { AppError } from '../../errors';
import { OwnerUnsettledError, type Ownership, type Route } from './ownership';
import { LeaseLostError, OwnerLostError, OwnerUnreachableError, type RemoteTrading } from './remote';

/** How long a request waits for an instrument's book to find a live owner (failover) before 503. */
const FAILOVER_WAIT_MS = 8_000;
/** A routed request is forwarded at most this many times (ownership moving under it). */
const MAX_HOPS = 2;

/** 503 with Retry-After (errors.ts): nothing was written, the same request (and Idempotency-Key) may be sent again. */
const ownerMoving = () => new AppError(503, 'OWNER_MOVING', 'The instrument is changing owner; try again');

/**
 * Runs `local` when this instance owns the instrument's book, otherwise `remote` on its
 * owner; a request caught by a change of owner (fenced write, dead owner) is sent again
 * to the new one until FAILOVER_WAIT_MS has passed. `hops`: times it was forwarded already.
 */
export async function routeToOwner<T>(
  ownership: Ownership,
  /** The bus link to other owners; null without NATS. */
  link: RemoteTrading | null,
  instrumentId: string,
  hops: number,
  local: () => Promise<T>,
  remote: (link: RemoteTrading, owner: string) => Promise<T>,
  /** Whether sending it again after its owner died holding it is safe (idempotent: keyed orders, reads). */
  resendable = false,
): Promise<T> {
  const deadline = Date.now() + FAILOVER_WAIT_MS;
  let take = hops > 0;
  for (;;) {
    let route: Route;
    try {
      route = await ownership.resolve(instrumentId, take);
    } catch (error) {
      // The lease changed hands while it was looked up (failover): nothing was done, look again.
      if (!(error instanceof OwnerUnsettledError)) throw error;
      if (Date.now() >= deadline) throw ownerMoving();
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    if (route.local) {
      try {
        return await local();
      } catch (error) {
        if (!(error instanceof LeaseLostError)) throw error;
        if (Date.now() < deadline) continue;
        // Nothing was written (the write was fenced); the client retries with its key. A
        // starved instance whose heartbeat missed its own lease lands here (bench:soak).
        throw ownerMoving();
      }
    }
    // No bus: a dead owner's (crash, restart) lease is waited out. Its member row still looks
    // live for up to a lease after a kill -9, so an owner that looks live is waited for too;
    // only one still live at the deadline is out of reach.
    if (!link && Date.now() < deadline) {
      ownership.forget(instrumentId);
      take = !ownership.isLive(route.owner);
      await new Promise((resolve) => setTimeout(resolve, 150));
      continue;
    }
    if (!link)
      throw new AppError(
        503,
        'INSTRUMENT_OWNED_ELSEWHERE',
        'This instrument is traded by another instance and no message bus (NATS_URL) is configured to reach it',
      );
    if (hops >= MAX_HOPS) throw ownerMoving();
    try {
      return await remote(link, route.owner);
    } catch (error) {
      // The owner passed it on and the book moved again under it (hop limit): nothing was
      // written anywhere, so the entry instance (only it, hops 0) sends it once more.
      if (error instanceof AppError && error.code === 'OWNER_MOVING' && hops === 0 && Date.now() < deadline) {
        ownership.forget(instrumentId);
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      if (error instanceof OwnerLostError) {
        // The owner died holding it: the new owner (whoever evicts it, fenced by the epoch)
        // replays a keyed order that committed and places one that did not.
        if (!resendable || Date.now() >= deadline)
          throw new AppError(
            503,
            'OWNER_UNAVAILABLE',
            'The instance that trades this instrument stopped before answering; send it again with the same Idempotency-Key',
          );
        // A free lease goes to the member preferred for it (decision 0096), not to whichever
        // entry instance saw the owner die first.
        ownership.forget(instrumentId);
        take = hops > 0;
        continue;
      }
      if (!(error instanceof OwnerUnreachableError)) throw error;
      // Nothing was sent to anyone who could act on it: an honest "try again".
      if (Date.now() >= deadline) throw ownerMoving();
      // The owner is off the bus (died): its other requests fail now rather than at their
      // timeout; its book is taken here or freed for the member preferred now (the next lookup
      // routes there, and that member takes it: hops > 0), fenced by the epoch either way; if
      // another instance was quicker, the next lookup finds it.
      link.abandon(route.owner);
      ownership.forget(instrumentId);
      take = hops > 0;
      if ((await ownership.evict(instrumentId, route.owner)) === 'missed')
        await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}
