import { sql, type SQL } from 'drizzle-orm';

/** What one renewal answered: the heartbeat's inputs (decision 0090). */
export interface Renewal {
  /** When the statement was sent (performance.now()): the member list is at least this old. */
  sentAt: number;
  /** Held leases the statement extended. */
  renewed: Set<string>;
  /** Members whose heartbeat is younger than a lease (read before this renewal's own row was written). */
  members: string[];
  /** Leases expired when the statement started (this instance's own among them if its renewal was late). */
  expired: string[];
}

/** Beats (one per renewal) a new member is seen before books are handed over to it. */
export const SETTLED_BEATS = 3;

/** Every this many beats one member of the cluster looks for books with open orders and no lease row. */
export const UNLEASED_SCAN_BEATS = 12;

/**
 * The member row and every held lease renewed, with the live members and the expired leases, in
 * one statement (decision 0090). The reads see the snapshot the statement started with, before
 * its own writes: a late renewal's own leases show as expired and are left alone by the caller.
 */
export function renewStatement(instanceId: string, leaseMs: number, held: string[], epochs: string[]): SQL {
  const interval = `${leaseMs} milliseconds`;
  return sql`with member as (
      insert into cluster_members (id, started_at, heartbeat_at) values (${instanceId}, now(), now())
      on conflict (id) do update set heartbeat_at = now() returning 1
    ), renewed as (
      update instrument_leases l set expires_at = now() + ${interval}::interval
      from unnest(${sqlArray(held)}::uuid[], ${sqlArray(epochs)}::bigint[]) as o(id, epoch)
      where l.instrument_id = o.id and l.owner = ${instanceId} and l.epoch = o.epoch
      returning l.instrument_id::text as id
    )
    select 'renewed' as kind, id from renewed
    union all select 'member', id from cluster_members where heartbeat_at > now() - ${interval}::interval
    union all select 'expired', instrument_id::text from instrument_leases where expires_at <= now()`;
}

/**
 * Takes a free lease (none yet, expired or released, or held by `evicting`), raising its epoch;
 * no row when it is held.
 */
export function acquireStatement(instrumentId: string, instanceId: string, leaseMs: number, evicting?: string): SQL {
  return sql`insert into instrument_leases (instrument_id, owner, epoch, expires_at, acquired_at)
    values (${instrumentId}::uuid, ${instanceId}, 1, now() + ${`${leaseMs} milliseconds`}::interval, now())
    on conflict (instrument_id) do update set owner = excluded.owner, epoch = instrument_leases.epoch + 1,
      expires_at = excluded.expires_at, acquired_at = excluded.acquired_at
    where instrument_leases.expires_at <= now() or instrument_leases.owner = ${evicting ?? null}
    returning epoch::text as epoch`;
}

/**
 * Frees the lease of an owner found off the bus for whichever member takes it next (expired
 * now, in the evicting instance's name so the dead owner's renewal no longer matches it), when
 * that owner still holds it (a row answered); the epoch is raised by the member that takes it.
 */
export function releaseStatement(instrumentId: string, instanceId: string, evicting: string): SQL {
  return sql`update instrument_leases set owner = ${instanceId}, expires_at = now() - interval '1 millisecond'
    where instrument_id = ${instrumentId}::uuid and owner = ${evicting} returning epoch::text as epoch`;
}

/** Expires the given leases at once where still held at those epochs (stop, handover). */
export function expireStatement(instanceId: string, instrumentIds: string[], epochs: string[]): SQL {
  return sql`update instrument_leases l set expires_at = now() - interval '1 millisecond'
    from unnest(${sqlArray(instrumentIds)}::uuid[], ${sqlArray(epochs)}::bigint[]) as o(id, epoch)
    where l.instrument_id = o.id and l.owner = ${instanceId} and l.epoch = o.epoch`;
}

/**
 * Books that hold open orders and have no lease row at all (never owned in a cluster). One
 * probe of the open-orders index per unleased instrument: the cost follows the instruments, not
 * the open orders (the earlier anti-join read every open order, ~3 ms at 3,000).
 */
export const UNLEASED_BOOKS = sql`select i.id::text as id from instruments i
  where not exists (select 1 from instrument_leases l where l.instrument_id = i.id)
    and exists (select 1 from orders o where o.instrument_id = i.id and o.status = 'open')`;

/** A text array literal for `unnest(...::uuid[])` (both drivers bind it as one parameter). */
export function sqlArray(values: string[]): string {
  return `{${values.map((v) => `"${v}"`).join(',')}}`;
}
