import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { selectRows } from '../../db/client';
import { CLOSED_STATUSES, materialiseSchedules, runDueEvents, type EventOutcome } from './service';

/**
 * One servicing run at `now`: schedules of new instruments written, every due event paid
 * or recorded as missed, then trading closed on instruments that matured or defaulted
 * (also those a crashed earlier run closed without reaching this step).
 */
export async function serviceInstruments(app: FastifyInstance, now: Date): Promise<EventOutcome[]> {
  await materialiseSchedules(app.db);
  const outcomes = await runDueEvents(app.db, now);
  const closed = await selectRows<{ id: string; status: string }>(
    app.db,
    sql`select distinct i.id, i.status from instruments i join orders o on o.instrument_id = i.id and o.status = 'open'
      where i.status in ${sql.raw(`(${[...CLOSED_STATUSES].map((s) => `'${s}'`).join(', ')})`)}`,
  );
  for (const o of outcomes) if (o.closed) closed.push({ id: o.instrumentId, status: o.closed });
  const done = new Set<string>();
  for (const { id, status } of closed) {
    if (done.has(id)) continue;
    done.add(id);
    await app.trading.closeInstrument(id, status);
  }
  return outcomes;
}
