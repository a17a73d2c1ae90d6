import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from '../errors';

// Keyset ("cursor") pagination for lists that grow without bound (orders, trades), newest
// first by (created_at, sequence). The cursor is opaque to clients: the last row's key, with
// created_at at PostgreSQL's microsecond precision (a JavaScript Date would cut it to
// milliseconds and skip or repeat rows created within the same millisecond).

/** Response header carrying the cursor of the next (older) page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export interface Keyset {
  /** created_at as UTC text with microseconds, `2026-11-24T10:00:00.123456Z`. */
  at: string;
  sequence: string;
}

const KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~(\d{1,19})$/;

export function encodeCursor(key: Keyset): string {
  return Buffer.from(`${key.at}~${key.sequence}`).toString('base64url');
}

/** The key inside a cursor a client sent back; 400 for anything this server did not issue. */
export function decodeCursor(cursor: string): Keyset {
  const match = KEY.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match)
    throw new AppError(400, 'BAD_REQUEST', 'Invalid cursor: pass the x-next-cursor value of the previous page');
  return { at: match[1]!, sequence: match[2]! };
}

/** Selects a row's key as text (add to the select list as `cursorAt`). */
export const cursorAtOf = (createdAt: AnyColumn): SQL<string> =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows strictly older than the key, in the (created_at desc, sequence desc) order. */
export const olderThan = (createdAt: AnyColumn, sequence: AnyColumn, key: Keyset): SQL =>
  sql`(${createdAt}, ${sequence}) < (${key.at}::timestamptz, ${key.sequence}::bigint)`;

/**
 * A page from `limit + 1` rows read: the first `limit`, and the cursor after the last of them
 * when more exist.
 */
export function pageOf<T extends { cursorAt: string; sequence: bigint | number | string }>(
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page.at(-1)!;
  return { rows: page, nextCursor: encodeCursor({ at: last.cursorAt, sequence: String(last.sequence) }) };
}

/** A key on (created_at, id) for lists whose rows carry a uuid instead of a sequence (instruments). */
export interface IdKeyset {
  at: string;
  id: string;
}

const ID_KEY =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeIdCursor(key: IdKeyset): string {
  return Buffer.from(`${key.at}~${key.id}`).toString('base64url');
}

/** As `decodeCursor`, for (created_at, id) keys; 400 for anything this server did not issue. */
export function decodeIdCursor(cursor: string): IdKeyset {
  const match = ID_KEY.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match)
    throw new AppError(400, 'BAD_REQUEST', 'Invalid cursor: pass the x-next-cursor value of the previous page');
  return { at: match[1]!, id: match[2]! };
}
