import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from './client';

/**
 * The version of the reference data (instruments, issuers' organisations and names, curves,
 * credit spreads, FX rates): drizzle/0031 bumps it in the transaction of every write to those
 * tables, at commit (decision 0067). A value cached with the version read BEFORE loading it is
 * exact as long as the version has not moved: every instance sees the same version, whoever
 * wrote the rows.
 */
export const REFERENCE_VERSION: SQL = sql`(select version from reference_version)`;

/** The current reference version, on its own (a request that makes no other statement first). */
export async function referenceVersion(db: Db): Promise<bigint> {
  const [row] = await selectRows<{ v: string }>(db, sql`select ${REFERENCE_VERSION}::text as v`);
  return BigInt(row!.v);
}

/**
 * A value derived from reference data, kept per database and reference version: loaded once
 * per version (concurrent requests share the load), replaced when a request has read a newer
 * version. A request that read an older version than the one cached gets the newer value: it
 * ran concurrently with the change, so either is a correct answer for it.
 */
export class VersionedCache<T> {
  private readonly entries = new WeakMap<object, { version: bigint; value: Promise<T> }>();

  get(db: Db, version: bigint, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(db);
    if (entry && entry.version >= version) return entry.value;
    const value = load();
    const fresh = { version, value };
    this.entries.set(db, fresh);
    // A failed load is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(db) === fresh) this.entries.delete(db);
    });
    return value;
  }
}
