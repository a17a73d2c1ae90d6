import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows, type Db } from '../../db/client';
import { sqlState } from '../ledger';
import { rendezvous } from './members';
import {
  acquireStatement,
  expireStatement,
  releaseStatement,
  renewStatement,
  SETTLED_BEATS,
  UNLEASED_BOOKS,
  UNLEASED_SCAN_BEATS,
  type Renewal,
} from './lease-statements';
import { OwnerUnsettledError, type Eviction, type Ownership, type OwnershipHooks, type Route } from './ownership';

export interface LeaseOptions {
  /** A lease (and a member's heartbeat) not renewed for this long is free to take. */
  leaseMs?: number;
  /**
   * How often leases and the member row are renewed (one statement, on a timer of its own):
   * a sixth of the lease by default, so a renewal may be late by five periods (an event-loop
   * stall, a slow database) before the lease runs out (decision 0050). The same statement reads
   * the live members and the expired leases, and the heartbeat (failover, rebalancing) runs on
   * what it answered: one round trip per period for both (decision 0090).
   */
  renewMs?: number;
  /** Most leases handed over to a newly preferred instance per heartbeat (rebalancing). */
  handoversPerBeat?: number;
  /** Readable prefix of the instance id (INSTANCE_NAME), e.g. the host name. */
  name?: string | undefined;
  log?: FastifyBaseLogger;
}

/**
 * Instrument ownership through lease rows in PostgreSQL (decision 0029). Live instances
 * beat a `cluster_members` row; each instrument's preferred owner is chosen by rendezvous
 * hashing over the live members, so ownership spreads and only 1/N of it moves when an
 * instance joins or leaves. A lease is taken only when free (expired or released), which
 * raises its epoch; it is renewed with the member row, and every batch write is fenced on it.
 */
export class LeaseOwnership implements Ownership {
  readonly instanceId: string;
  readonly clustered = true;
  /** A lease (and a heartbeat) not renewed for this long is free to take. */
  readonly leaseMs: number;
  private readonly renewMs: number;
  private readonly handoversPerBeat: number;
  /** Leases held, with their epochs: fences and renewals use these. */
  private readonly epochs = new Map<string, bigint>();
  /** Held leases that still take new commands (not being handed over). */
  private readonly accepting = new Set<string>();
  /** When each held lease was taken (performance.now()): rebalancing hands over only books held before its member list was read. */
  private readonly heldSince = new Map<string, number>();
  private readonly releasing = new Map<string, Promise<void>>();
  private readonly remote = new Map<string, { owner: string; until: number }>();
  private readonly lookups = new Map<string, Promise<Route>>();
  /** Live members (ids) as of the last renewal, and how many beats in a row each has been seen. */
  private live = new Map<string, number>();
  /**
   * Members found off the bus (evict), until when they are left out of `preferred`: a killed
   * instance's heartbeat row looks live for up to a lease after its death, and without this
   * the rebalancing handed the books it had just taken over straight back to the dead one
   * (a failover ping-pong: epochs 1 -> 5, fenced batches, 500s in bench:cluster).
   */
  private readonly unreachable = new Map<string, number>();
  private hooks: OwnershipHooks | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private renewing: Promise<void> | null = null;
  /** When the last renewal that succeeded was sent (performance.now()); the leases ran at least until then + leaseMs. */
  private renewedAt = 0;
  /** Renewals that finished later than renewMs after the previous one (stalls survived): metrics, tests. */
  lateRenewals = 0;
  private beats = 0;
  private stopped = false;

  constructor(
    private readonly db: Db,
    options: LeaseOptions = {},
  ) {
    // Unique per process start even when a name is configured (a restarted instance is a new member).
    this.instanceId = `${options.name ?? 'i'}-${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 3_000;
    this.renewMs = options.renewMs ?? Math.max(50, Math.floor(this.leaseMs / 6));
    this.handoversPerBeat = options.handoversPerBeat ?? 4;
    this.log = options.log;
  }

  private readonly log: FastifyBaseLogger | undefined;

  async start(hooks: OwnershipHooks): Promise<void> {
    this.hooks = hooks;
    const first = await this.renew();
    if (first) await this.beat(first);
    this.scheduleRenewal(this.renewMs);
  }

  /**
   * Renewal runs on its own timer, never behind the heartbeat's scans and take-overs (each
   * renewal starts a heartbeat on its answer unless the last one still runs, and does not wait
   * for it), and is re-armed after each attempt: a failed one is retried after a tenth of the
   * period, not a whole one. Late renewals are counted (an event loop that stalled past the period).
   */
  private scheduleRenewal(delay: number): void {
    if (this.stopped) return;
    this.renewTimer = setTimeout(() => {
      const sent = performance.now();
      this.renewing = this.renew()
        .then((renewal) => {
          if (this.renewedAt > 0 && sent - this.renewedAt > 2 * this.renewMs) this.lateRenewals++;
          this.renewedAt = sent;
          this.scheduleRenewal(this.renewMs);
          if (renewal)
            this.beating ??= this.beat(renewal)
              .catch((error: unknown) => this.log?.warn({ err: error }, 'cluster heartbeat failed'))
              .finally(() => (this.beating = null));
        })
        .catch((error: unknown) => {
          this.log?.warn({ err: error }, 'lease renewal failed; retrying');
          this.scheduleRenewal(Math.max(20, Math.floor(this.renewMs / 10)));
        })
        .finally(() => (this.renewing = null));
    }, delay);
    this.renewTimer.unref();
  }

  /** Hands every lease back (expired at once) so the others take over without waiting. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.renewTimer) clearTimeout(this.renewTimer);
    await this.beating;
    await this.renewing;
    const held = [...this.epochs.keys()];
    this.accepting.clear();
    try {
      if (held.length > 0) await this.expire(held);
      await this.db.execute(sql`delete from cluster_members where id = ${this.instanceId}`);
    } catch {
      // The database may already be gone; the leases then expire on their own.
    }
    this.epochs.clear();
  }

  async resolve(instrumentId: string, take = false): Promise<Route> {
    await this.releasing.get(instrumentId);
    if (this.accepting.has(instrumentId)) return { local: true };
    const cached = this.remote.get(instrumentId);
    if (!take && cached && cached.until > Date.now()) return { local: false, owner: cached.owner };
    const key = `${instrumentId}:${take}`;
    let pending = this.lookups.get(key);
    if (!pending) {
      pending = this.lookup(instrumentId, take).finally(() => this.lookups.delete(key));
      this.lookups.set(key, pending);
    }
    return pending;
  }

  epochOf(instrumentId: string): bigint {
    return this.epochs.get(instrumentId) ?? 0n;
  }

  fence(instrumentId: string, epoch: bigint): SQL | null {
    // Epoch 0 (the desk opened while the lease was not held) never matches a lease row (epochs
    // start at 1), so nothing is written.
    return sql`lease_fence as (update instrument_leases set epoch = epoch
      where instrument_fence(instrument_id = ${instrumentId}::uuid, owner = ${this.instanceId} and epoch = ${epoch.toString()}::bigint)
      returning 1)`;
  }

  fenced(instrumentId: string, epoch: bigint): void {
    // A stale desk's batch (opened under an epoch since lost) says nothing of a lease taken again later.
    if (this.epochs.get(instrumentId) === epoch) this.drop(instrumentId);
  }

  forget(instrumentId: string): void {
    this.remote.delete(instrumentId);
  }

  isLive(member: string): boolean {
    return this.live.has(member);
  }

  /** Which live instance should own an instrument (rendezvous hashing). */
  preferred(instrumentId: string): string {
    const now = Date.now();
    const candidates = [...this.live.keys()].filter(
      (member) => member !== this.instanceId && (this.unreachable.get(member) ?? 0) <= now,
    );
    return rendezvous(instrumentId, [this.instanceId, ...candidates]);
  }

  /** Instruments this instance holds now (tests, metrics). */
  held(): string[] {
    return [...this.accepting];
  }

  private async lookup(instrumentId: string, take: boolean): Promise<Route> {
    for (let round = 0; round < 3; round++) {
      const [row] = await selectRows<{ owner: string; live: boolean; epoch: string }>(
        this.db,
        sql`select owner, epoch::text as epoch, expires_at > now() as live from instrument_leases where instrument_id = ${instrumentId}::uuid`,
      );
      if (row?.live && row.owner !== this.instanceId) {
        this.remote.set(instrumentId, { owner: row.owner, until: Date.now() + Math.min(1_000, this.leaseMs / 2) });
        return { local: false, owner: row.owner };
      }
      // Being handed over (or lost) meanwhile: look again once that is settled.
      const releasing = this.releasing.get(instrumentId);
      if (releasing) {
        await releasing;
        continue;
      }
      if (row?.live && this.epochs.get(instrumentId) === BigInt(row.epoch)) {
        this.accepting.add(instrumentId);
        return { local: true };
      }
      // A live lease in this instance's name at an epoch it no longer writes with (dropped
      // after a fenced write, a handover whose expiry failed): nobody renews it, so take it
      // again now, at a new epoch, instead of waiting for it to run out.
      const mine = row?.live === true;
      const preferred = this.preferred(instrumentId);
      if (!mine && !take && preferred !== this.instanceId) return { local: false, owner: preferred };
      try {
        if (await this.acquire(instrumentId, mine ? this.instanceId : undefined)) return { local: true };
      } catch (error) {
        // No such instrument: the desk answers 404 as on one process.
        if (sqlState(error) === '23503') return { local: true };
        throw error;
      }
    }
    throw new OwnerUnsettledError(`instrument ${instrumentId}: could not settle its owner`);
  }

  /**
   * Failover without waiting for the lease to run out (issue 16: accepted again within 3 s):
   * a request to the owner found nobody subscribed on its subject, so its process is gone
   * or off the bus. Safe even if it is alive: taking the lease raises the epoch, so any
   * write it still attempts is fenced off, and its next heartbeat finds the lease lost.
   */
  async evict(instrumentId: string, owner: string): Promise<Eviction> {
    if (this.accepting.has(instrumentId)) return 'taken';
    if (owner !== this.instanceId && !this.unreachable.has(owner)) {
      // Off the bus: not a candidate owner here until its heartbeat row lapses, and its member
      // row goes now so the other instances' next heartbeat leaves it out as well (alive but
      // off the bus, its next renewal writes the row again).
      this.unreachable.set(owner, Date.now() + 2 * this.leaseMs);
      await this.db.execute(sql`delete from cluster_members where id = ${owner}`).catch(() => undefined);
    }
    // The book goes once to where it settles (rendezvous over the members left): taken here
    // only when this instance is preferred. Taken by whichever instance met "no responders"
    // first, rebalancing handed it to the preferred member a beat later: a second take-over and
    // the book read twice (bench:cluster's hinted failover, epoch 1 -> 3; decision 0096).
    const preferred = this.preferred(instrumentId);
    if (preferred !== this.instanceId) {
      const freed = await selectRows(this.db, releaseStatement(instrumentId, this.instanceId, owner)).catch(() => []);
      if (freed.length === 0) return 'missed';
      this.remote.delete(instrumentId);
      this.log?.warn({ instrumentId, from: owner, to: preferred }, 'freed the book of an owner that is off the bus');
      return 'released';
    }
    const taken = await this.acquire(instrumentId, owner).catch(() => false);
    if (taken) this.log?.warn({ instrumentId, from: owner }, 'took over the book of an owner that is off the bus');
    return taken ? 'taken' : 'missed';
  }

  /** Takes a free lease (none yet, expired or released, or held by `evicting`), raising its epoch; false if it is held. */
  private async acquire(instrumentId: string, evicting?: string): Promise<boolean> {
    if (this.stopped) return false;
    const [row] = await selectRows<{ epoch: string }>(
      this.db,
      acquireStatement(instrumentId, this.instanceId, this.leaseMs, evicting),
    );
    if (!row) return false;
    // Still held here at an older epoch (another instance took the lease and let it lapse before
    // this one's renewal noticed): the book may have changed under that owner, so the desk opened
    // under the old epoch goes before a new one is read.
    const previous = this.epochs.get(instrumentId);
    this.epochs.set(instrumentId, BigInt(row.epoch));
    if (previous !== undefined) this.hooks?.lost(instrumentId);
    this.heldSince.set(instrumentId, performance.now());
    this.accepting.add(instrumentId);
    this.remote.delete(instrumentId);
    this.log?.info({ instrumentId, epoch: row.epoch, instance: this.instanceId }, 'took over instrument book');
    return true;
  }

  private drop(instrumentId: string): void {
    const had = this.epochs.delete(instrumentId);
    this.heldSince.delete(instrumentId);
    this.accepting.delete(instrumentId);
    if (had) this.hooks?.lost(instrumentId);
  }

  private async expire(instrumentIds: string[]): Promise<void> {
    const epochs = instrumentIds.map((id) => (this.epochs.get(id) ?? -1n).toString());
    await this.db.execute(expireStatement(this.instanceId, instrumentIds, epochs));
  }

  /**
   * Member row and every held lease renewed in ONE statement (a round trip per period), which
   * also answers the heartbeat's inputs: the live members and the expired leases (decision 0090).
   * Leases this instance no longer holds (epoch moved: fenced, evicted) are dropped.
   */
  private async renew(): Promise<Renewal | null> {
    if (this.stopped) return null;
    const sentAt = performance.now();
    const held = [...this.epochs.keys()];
    const epochs = held.map((id) => this.epochs.get(id)!.toString());
    const rows = await selectRows<{ kind: 'renewed' | 'member' | 'expired'; id: string }>(
      this.db,
      renewStatement(this.instanceId, this.leaseMs, held, epochs),
    );
    const renewal: Renewal = { sentAt, renewed: new Set(), members: [], expired: [] };
    for (const { kind, id } of rows) {
      if (kind === 'renewed') renewal.renewed.add(id);
      else if (kind === 'member') renewal.members.push(id);
      else renewal.expired.push(id);
    }
    for (const id of held) {
      // Taken since the statement was built (acquire, evict) or lost: only a lease still at the
      // epoch renewed against and not renewed is lost.
      if (renewal.renewed.has(id) || this.releasing.has(id)) continue;
      if (this.epochs.get(id)?.toString() !== epochs[held.indexOf(id)]) continue;
      this.log?.warn({ instrumentId: id, instance: this.instanceId }, 'instrument lease lost');
      this.drop(id);
    }
    return renewal;
  }

  /**
   * Heartbeat, on a renewal's answer: live members, failover of dead owners' books, rebalancing.
   * Its only statements are the take-overs, and every UNLEASED_SCAN_BEATS beats on one member
   * of the cluster (and at start on each) the scan for books with open orders and no lease row.
   */
  private async beat(renewal: Renewal): Promise<void> {
    if (this.stopped) return;
    this.beats++;
    const live = new Map<string, number>();
    for (const id of renewal.members) live.set(id, (this.live.get(id) ?? 0) + 1);
    this.live = live;
    const now = Date.now();
    for (const [member, until] of this.unreachable) if (until <= now) this.unreachable.delete(member);

    // Books whose owner died (lease expired; not those this renewal just extended): their
    // preferred owner takes them. Books that never had a lease but hold open orders: whoever
    // scanned takes them (the preferred owner may not scan), and rebalancing moves them on.
    const orphans = renewal.expired.filter((id) => !renewal.renewed.has(id) && this.preferred(id) === this.instanceId);
    if (this.beats === 1 || (this.beats % UNLEASED_SCAN_BEATS === 0 && this.scansUnleased()))
      for (const { id } of await selectRows<{ id: string }>(this.db, UNLEASED_BOOKS)) orphans.push(id);
    for (const id of new Set(orphans)) {
      if (this.stopped) break;
      if (await this.acquire(id).catch(() => false)) this.hooks?.acquired(id);
    }

    // Rebalancing: hand books to their preferred owner once it has been live for a few beats.
    let handovers = 0;
    for (const id of [...this.accepting]) {
      if (handovers >= this.handoversPerBeat) break;
      // Taken after the member list was read (a failover): that list may still show the dead owner.
      if ((this.heldSince.get(id) ?? 0) > renewal.sentAt) continue;
      const preferred = this.preferred(id);
      if (preferred === this.instanceId || (this.live.get(preferred) ?? 0) < SETTLED_BEATS) continue;
      handovers++;
      this.handover(id, preferred);
    }
  }

  /** The one member that scans for unleased books: the lowest live id reachable (this one included). */
  private scansUnleased(): boolean {
    const now = Date.now();
    for (const member of this.live.keys())
      if (member < this.instanceId && (this.unreachable.get(member) ?? 0) <= now) return false;
    return true;
  }

  private handover(instrumentId: string, to: string): void {
    this.accepting.delete(instrumentId);
    const done = (async () => {
      try {
        await this.hooks?.drain(instrumentId);
        await this.expire([instrumentId]);
        this.remote.set(instrumentId, { owner: to, until: Date.now() + 250 });
        this.log?.info({ instrumentId, to }, 'handed instrument book over');
      } catch (error) {
        this.log?.warn({ err: error, instrumentId }, 'handover failed; the lease will expire instead');
      } finally {
        this.epochs.delete(instrumentId);
        this.heldSince.delete(instrumentId);
        this.releasing.delete(instrumentId);
        this.hooks?.lost(instrumentId);
      }
    })();
    this.releasing.set(instrumentId, done);
  }
}
