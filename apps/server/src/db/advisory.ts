/**
 * Cluster-wide mutual exclusion through PostgreSQL session advisory locks. A lock is held
 * by one dedicated connection; PostgreSQL releases it when that connection ends, so an
 * instance that dies (even kill -9) gives it up without anyone's help. On PGlite there is
 * only ever one process (the data directory is locked), so every lock is granted at once.
 */

/** Advisory lock keys of this application (any constants, distinct from the audit chain's). */
export const ADVISORY_KEYS = {
  /** Migrations and seed at start-up: one instance runs them, the others wait. */
  startup: 0x4d52_0001,
  /** The demo liquidity provider runs in one instance of the cluster. */
  liquidityProvider: 0x4d52_0002,
  /** Market surveillance passes run in one instance of the cluster (decision 0074). */
  surveillance: 0x4d52_0003,
} as const;

export interface HeldLock {
  release(): Promise<void>;
}

/** What a database offers for session advisory locks (see Database.advisory). */
export interface AdvisoryLocks {
  /** Waits until the lock is ours. */
  acquire(key: number): Promise<HeldLock>;
  /** The lock when it is free now, otherwise null. */
  tryAcquire(key: number): Promise<HeldLock | null>;
}

/** A reserved connection of the pool: the subset of postgres-js's ReservedSql used here. */
export interface ReservedConnection {
  unsafe(query: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  release(): void;
}

export function postgresAdvisory(reserve: () => Promise<ReservedConnection>): AdvisoryLocks {
  const held = (connection: ReservedConnection, key: number): HeldLock => {
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        try {
          await connection.unsafe('select pg_advisory_unlock($1::bigint)', [key]);
        } finally {
          connection.release();
        }
      },
    };
  };
  return {
    acquire: async (key) => {
      const connection = await reserve();
      try {
        await connection.unsafe('select pg_advisory_lock($1::bigint)', [key]);
      } catch (error) {
        connection.release();
        throw error;
      }
      return held(connection, key);
    },
    tryAcquire: async (key) => {
      const connection = await reserve();
      let ok = false;
      try {
        const [row] = await connection.unsafe('select pg_try_advisory_lock($1::bigint) as ok', [key]);
        ok = row?.ok === true;
      } finally {
        if (!ok) connection.release();
      }
      return ok ? held(connection, key) : null;
    },
  };
}

/** One process, one holder (PGlite): locks of one database, within this process. */
export function localAdvisory(): AdvisoryLocks {
  const taken = new Set<number>();
  const waiting = new Map<number, (() => void)[]>();
  const held = (key: number): HeldLock => {
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        const next = waiting.get(key)?.shift();
        if (next) next();
        else taken.delete(key);
      },
    };
  };
  return {
    acquire: async (key) => {
      if (taken.has(key)) {
        await new Promise<void>((resolve) => {
          const queue = waiting.get(key) ?? [];
          queue.push(resolve);
          waiting.set(key, queue);
        });
      } else taken.add(key);
      return held(key);
    },
    tryAcquire: async (key) => {
      if (taken.has(key)) return null;
      taken.add(key);
      return held(key);
    },
  };
}

/** Runs `fn` while holding `key`; released whatever happens. */
export async function withAdvisoryLock<T>(locks: AdvisoryLocks, key: number, fn: () => Promise<T>): Promise<T> {
  const lock = await locks.acquire(key);
  try {
    return await fn();
  } finally {
    await lock.release();
  }
}

/**
 * Runs a background service in exactly one instance of the cluster: whoever holds the
 * advisory lock runs it; the others try again every `retryMs`, so when the holder dies its
 * connection ends, the lock frees and another instance takes over.
 */
export class ClusterSingleton {
  private lock: HeldLock | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private attempt: Promise<void> | null = null;

  constructor(
    private readonly locks: AdvisoryLocks,
    private readonly key: number,
    private readonly service: { start(): Promise<void>; stop(): Promise<void> },
    private readonly onError: (error: unknown) => void,
    private readonly retryMs = 5_000,
  ) {}

  /** True while this instance runs the service. */
  get leading(): boolean {
    return this.lock !== null;
  }

  /** Tries now and keeps trying in the background; never throws. */
  start(): void {
    this.attempt = this.tryLead();
    this.timer = setInterval(() => {
      if (!this.lock && !this.stopped) this.attempt ??= this.tryLead();
    }, this.retryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.attempt;
    if (this.lock) {
      await this.service.stop();
      await this.lock.release().catch(() => undefined);
      this.lock = null;
    }
  }

  private async tryLead(): Promise<void> {
    try {
      const lock = await this.locks.tryAcquire(this.key);
      if (!lock) return;
      if (this.stopped) return await lock.release();
      this.lock = lock;
      await this.service.start();
    } catch (error) {
      this.onError(error);
    } finally {
      this.attempt = null;
    }
  }
}
