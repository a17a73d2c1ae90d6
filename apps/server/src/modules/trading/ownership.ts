import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { sqlState } from '../ledger';

/** Where an instrument's commands go: this instance's desk, or the instance that owns it. */
export type Route = { local: true } | { local: false; owner: string };

/** What the trading service does when ownership changes under it. */
export interface OwnershipHooks {
  /** This instance took an instrument over (failover, start-up): open its desk from the database. */
  acquired(instrumentId: string): void;
  /** The lease was lost (another instance owns it now): drop the desk, it may be stale. */
  lost(instrumentId: string): void;
  /** The lease is about to be handed over: accept nothing new, resolve when the queue is empty. */
  drain(instrumentId: string): Promise<void>;
}

/**
 * Single writer per instrument (ARCHITECTURE "Growing past one machine"). One process on
 * its own (PGlite, or PostgreSQL without peers) owns everything; a cluster uses leases.
 */
export interface Ownership {
  readonly instanceId: string;
  readonly clustered: boolean;
  start(hooks: OwnershipHooks): Promise<void>;
  stop(): Promise<void>;
  /** `take`: acquire a free lease even if another live instance would be preferred (a routed request). */
  resolve(instrumentId: string, take?: boolean): Promise<Route>;
  /** The epoch this instance writes an instrument with (0 on one process): prefixes stream sequence numbers. */
  epochOf(instrumentId: string): bigint;
  /**
   * A data-modifying CTE that fails the whole write statement unless this instance still holds
   * the lease at `epoch`: the epoch the desk was opened under, so a desk dropped when the lease
   * was lost can never write again, even after this instance takes the book back at a new epoch.
   */
  fence(instrumentId: string, epoch: bigint): SQL | null;
  /** A write at `epoch` was fenced off: this instance no longer owns the book at that epoch. */
  fenced(instrumentId: string, epoch: bigint): void;
  /** Routing to `owner` failed (it died): ask the database again next time. */
  forget(instrumentId: string): void;
  /** Whether `member` beat within the lease time as of the last heartbeat. */
  isLive(member: string): boolean;
  /**
   * The owner does not listen on the bus any more (NATS: no responders): end its lease now
   * rather than when it expires, taken here or freed for the member preferred without it.
   */
  evict(instrumentId: string, owner: string): Promise<Eviction>;
}

/**
 * What an eviction did: `taken` (this instance owns the book now), `released` (the dead owner's
 * lease was freed for the member preferred now, which takes it: route there), `missed` (another
 * instance holds it already, or the statement failed: look again shortly).
 */
export type Eviction = 'taken' | 'released' | 'missed';

/**
 * Who owns an instrument did not settle within a lookup (the lease changed hands under it,
 * e.g. during a failover): nothing was done; the caller looks again shortly.
 */
export class OwnerUnsettledError extends Error {}

/** The fence refused a write: the lease moved to another instance (SQLSTATE MR002, migration 0018). */
export function isFenceRefusal(error: unknown): boolean {
  return sqlState(error) === 'MR002';
}

/** One process owns every book; nothing to fence. */
export class SoloOwnership implements Ownership {
  readonly instanceId = randomUUID();
  readonly clustered = false;
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  async resolve(): Promise<Route> {
    return { local: true };
  }
  epochOf(): bigint {
    return 0n;
  }
  fence(): SQL | null {
    return null;
  }
  fenced(): void {}
  forget(): void {}
  isLive(): boolean {
    return true;
  }
  async evict(): Promise<Eviction> {
    return 'taken';
  }
}
