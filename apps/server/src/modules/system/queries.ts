import { count, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** Sessions that have not expired yet. */
export async function countActiveSessions(db: Db, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, now));
  return row?.n ?? 0;
}
