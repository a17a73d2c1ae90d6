/**
 * npm run bench:surveillance — the market-surveillance rules (apps/server/src/modules/surveillance)
 * judging a realistic order and trade stream incrementally, against issue 11's target: keep up with
 * 2,000 trades per second on one core.
 *
 * The stream (generated up front from a fixed seed; never timed): BENCH_RATE trades per second
 * (default 2,000) for BENCH_SECONDS (default 30) ending at the close (00:00 UTC after yesterday),
 * over 8 instruments, between 52 participants' accounts (6 users in each of 8 organisations and 4
 * operator desks without one); each trade has its two orders (the resting one placed up to 20 s
 * earlier; fills of 5-20 lots), and BENCH_CANCELS orders per trade (default 2; quotes of 1-5 lots) are
 * placed and cancelled within 20-200 ms.
 * Manipulative patterns in it: wash trades (two users of one organisation, 0.2 % of trades), a
 * spoofer every 3 s (large opposite orders near the price cancelled 1.5 s after a small fill),
 * a ramp (instrument 2: one organisation buys aggressively for 10 s, +8 %), marking the close
 * (instrument 3: one organisation lifts the price 3 % in the last seconds) and concentration (one
 * organisation takes 70 % of instrument 4 all day). Before it, BENCH_PRIOR trades (default 50,000)
 * of the same day from 09:00 (same generator, no patterns but the concentration), already judged
 * (the cursors are set past them), so the day's aggregates and the order table have a history.
 *
 * Feeding: a simulated clock advances 250 ms at a time (BENCH_TICK_MS; the runner's debounce,
 * SCAN_DEBOUNCE_MS). At each tick the stream's orders and trades of that tick are written (as the
 * engine would have written them by then; every order in its final state), then each rule group
 * runs one pass (`scanGroup`, what the runner calls) with the clock at the tick's end: the flow
 * rules judge the tick's trades, spoofing the trades of 30 s before, marking the close those of
 * 10 minutes before, i.e. the same tick-sized batches as in steady state. Ticks at which a group
 * has nothing of the stream to judge are skipped for it. Measured around the passes only (the
 * fixture inserts are not): the process's CPU (PGlite runs inside it), the PostgreSQL backends'
 * CPU from /proc (BENCH_PG_URL), wall time per tick. Figure: trades judged by all three groups
 * per CPU-second.
 *
 * Env: BENCH_SECONDS, BENCH_RATE, BENCH_PRIOR, BENCH_CANCELS, BENCH_TICK_MS (default 250),
 * BENCH_PG_URL = a PostgreSQL server URL (a fresh database is created and dropped; PGlite with a
 * data directory otherwise), BENCH_CPU_PROFILE=<dir> (V8 profile of the passes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '../apps/server/src/app';
import { createDb, selectRows, type Db } from '../apps/server/src/db/client';
import { testConfig } from '../apps/server/src/test/harness';
import { RULE_GROUPS, scanGroup } from '../apps/server/src/modules/surveillance/scanner';
import { random } from './matching-workload';
import { CLOCK_TICKS, freshDatabase, percentile, postgresTicks, startCpuProfile } from './processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 2_000);
const PRIOR = Number(process.env.BENCH_PRIOR ?? 50_000);
const CANCELS = Number(process.env.BENCH_CANCELS ?? 2);
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 250);
const TARGET = 2_000;
const INSTRUMENTS = 8;
const DAY_MS = 86_400_000;

interface Participant {
  userId: string;
  org: number; // -1 = operator desk (no organisation)
}

interface OrderRow {
  id: string;
  user_id: string;
  instrument_id: string;
  side: 'buy' | 'sell';
  price: number;
  quantity: number;
  filled_quantity: number;
  status: 'filled' | 'cancelled';
  created_at: string;
  updated_at: string;
}

interface TradeRow {
  id: string;
  instrument_id: string;
  buy_order_id: string;
  sell_order_id: string;
  buyer_id: string;
  seller_id: string;
  taker_side: 'buy' | 'sell';
  price: number;
  quantity: number;
  created_at: string;
}

interface Slice {
  orders: OrderRow[];
  trades: TradeRow[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The order and trade flow; `patterns` adds the manipulative ones (the stream, not the prior day). */
class Generator {
  private readonly rnd: () => number;
  private readonly mid: number[];
  constructor(
    private readonly instruments: string[],
    private readonly participants: Participant[],
    seed: number,
  ) {
    this.rnd = random(seed);
    this.mid = instruments.map((_, i) => 10_000 + i * 1_500);
  }

  private int(lo: number, hi: number) {
    return lo + Math.floor(this.rnd() * (hi - lo + 1));
  }

  private pick<T>(items: T[]): T {
    return items[Math.floor(this.rnd() * items.length)]!;
  }

  private byOrg(org: number) {
    return this.participants.filter((p) => p.org === org);
  }

  private counterparty(not: Participant): Participant {
    for (;;) {
      const p = this.pick(this.participants);
      if (p.org === -1 ? p.userId !== not.userId : p.org !== not.org) return p;
    }
  }

  /** Trades at `times` (ms, ascending); `streamStart`/`streamEnd` place the patterns. */
  slice(times: number[], patterns: { start: number; end: number } | null): Slice {
    const out: Slice = { orders: [], trades: [] };
    const order = (o: Omit<OrderRow, 'id'>) => {
      const row = { id: randomUUID(), ...o };
      out.orders.push(row);
      return row;
    };
    for (const at of times) {
      const i = this.int(0, INSTRUMENTS - 1);
      const instrument = this.instruments[i]!;
      let taker = this.pick(this.participants);
      let maker = this.counterparty(taker);
      let takerSide: 'buy' | 'sell' = this.rnd() < 0.5 ? 'buy' : 'sell';
      // Random walk of the mid, a tick at a time.
      const r = this.rnd();
      if (r < 0.05) this.mid[i]! += 1;
      else if (r < 0.1) this.mid[i] = Math.max(100, this.mid[i]! - 1);
      let price = this.mid[i]! + (takerSide === 'buy' ? 1 : -1);
      const quantity = this.int(5, 20);
      // Concentration (all day): organisation 3 takes 70 % of instrument 4.
      if (i === 4 && this.rnd() < 0.7) {
        taker = this.pick(this.byOrg(3));
        maker = this.counterparty(taker);
      }
      if (patterns) {
        const into = (at - patterns.start) / 1000;
        const left = (patterns.end - at) / 1000;
        // Ramp: instrument 2, seconds 5-15, organisation 1 buys up 8 %.
        if (i === 2 && into >= 5 && into < 15) {
          taker = this.pick(this.byOrg(1));
          maker = this.counterparty(taker);
          takerSide = 'buy';
          this.mid[i] = Math.round(this.mid[i]! * 1.0002);
          price = this.mid[i]!;
        }
        // Marking the close: instrument 3, the last 8 s, organisation 2 lifts it 3 %.
        if (i === 3 && left <= 8) {
          taker = this.pick(this.byOrg(2));
          maker = this.counterparty(taker);
          takerSide = 'buy';
          this.mid[i] = Math.round(this.mid[i]! * 1.0015);
          price = this.mid[i]!;
        }
        // Wash trades: two users of one organisation.
        if (this.rnd() < 0.002 && taker.org >= 0) maker = this.pick(this.byOrg(taker.org));
      }
      const makerSide = takerSide === 'buy' ? 'sell' : 'buy';
      const base = { instrument_id: instrument, price, quantity, filled_quantity: quantity, status: 'filled' as const };
      const rest = at - this.int(0, 20_000);
      const takerOrder = order({
        ...base,
        user_id: taker.userId,
        side: takerSide,
        created_at: iso(at),
        updated_at: iso(at),
      });
      const makerOrder = order({
        ...base,
        user_id: maker.userId,
        side: makerSide,
        created_at: iso(rest),
        updated_at: iso(at),
      });
      const buy = takerSide === 'buy' ? takerOrder : makerOrder;
      const sell = takerSide === 'buy' ? makerOrder : takerOrder;
      out.trades.push({
        id: randomUUID(),
        instrument_id: instrument,
        buy_order_id: buy.id,
        sell_order_id: sell.id,
        buyer_id: buy.user_id,
        seller_id: sell.user_id,
        taker_side: takerSide,
        price,
        quantity,
        created_at: iso(at),
      });
      // Ordinary cancellations: quotes updated within 20-200 ms.
      for (let c = 0; c < CANCELS; c++) {
        const p = this.pick(this.participants);
        const j = this.int(0, INSTRUMENTS - 1);
        const side = this.rnd() < 0.5 ? 'buy' : 'sell';
        const placed = at - this.int(0, 100);
        order({
          user_id: p.userId,
          instrument_id: this.instruments[j]!,
          side,
          price: this.mid[j]! + (side === 'buy' ? -this.int(1, 50) : this.int(1, 50)),
          quantity: this.int(1, 5),
          filled_quantity: 0,
          status: 'cancelled',
          created_at: iso(placed),
          updated_at: iso(placed + this.int(20, 200)),
        });
      }
    }
    // Spoofing: every 3 s of the stream, a participant with a small fill cancels large orders
    // on the other side near the price 1.5 s after it.
    if (patterns)
      for (const t of out.trades) {
        const at = Date.parse(t.created_at);
        if (Math.floor((at - patterns.start) / 3_000) === Math.floor((at - 1 - patterns.start) / 3_000)) continue;
        const spoofer = t.buyer_id;
        for (let k = 0; k < 3; k++)
          order({
            user_id: spoofer,
            instrument_id: t.instrument_id,
            side: 'sell',
            price: t.price + k + 1,
            quantity: 40 * t.quantity,
            filled_quantity: 0,
            status: 'cancelled',
            created_at: iso(at - 1_000),
            updated_at: iso(at + 1_500),
          });
      }
    return out;
  }
}

async function insertSlice(db: Db, s: Slice): Promise<void> {
  for (let i = 0; i < s.orders.length; i += 5_000)
    await db.execute(sql`
      insert into orders (id, user_id, instrument_id, side, type, time_in_force, price, quantity, filled_quantity, status, created_at, updated_at)
      select id, user_id, instrument_id, side, 'limit', 'GTC', price, quantity, filled_quantity, status, created_at, updated_at
      from json_to_recordset(${JSON.stringify(s.orders.slice(i, i + 5_000))}::json) as x(id uuid, user_id uuid,
        instrument_id uuid, side text, price bigint, quantity bigint, filled_quantity bigint, status text,
        created_at timestamptz, updated_at timestamptz)`);
  for (let i = 0; i < s.trades.length; i += 5_000)
    await db.execute(sql`
      insert into trades (id, instrument_id, buy_order_id, sell_order_id, buyer_id, seller_id, taker_side, price, quantity, created_at)
      select id, instrument_id, buy_order_id, sell_order_id, buyer_id, seller_id, taker_side, price, quantity, created_at
      from json_to_recordset(${JSON.stringify(s.trades.slice(i, i + 5_000))}::json) as x(id uuid, instrument_id uuid,
        buy_order_id uuid, sell_order_id uuid, buyer_id uuid, seller_id uuid, taker_side text, price bigint,
        quantity bigint, created_at timestamptz)
      order by created_at`);
}

async function participants(db: Db): Promise<Participant[]> {
  const orgs = await selectRows<{ id: string }>(db, sql`select id from organisations order by name limit 8`);
  const out: Participant[] = [];
  const add = async (org: number, orgId: string | null, n: number) => {
    const id = randomUUID();
    await db.execute(sql`insert into users (id, name, email, email_verified, organisation_id)
      values (${id}, ${`Bench trader ${n}`}, ${`bench-surveillance-${n}@meridian.test`}, true, ${orgId})`);
    out.push({ userId: id, org });
  };
  let n = 0;
  for (const [o, org] of orgs.entries()) for (let u = 0; u < 6; u++) await add(o, org.id, n++);
  for (let u = 0; u < 4; u++) await add(-1, null, n++);
  return out;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-surveillance-'));
  const pg = process.env.BENCH_PG_URL ? await freshDatabase(process.env.BENCH_PG_URL, 'bench_surveillance') : null;
  const database = await createDb({ databaseUrl: pg?.url, dataDir: pg ? undefined : dataDir });
  try {
    console.log(
      `bench:surveillance — ${RATE} trades/s for ${SECONDS} s (${RATE * SECONDS} trades, ${CANCELS} cancels per trade) ` +
        `after ${PRIOR} prior trades, ticks of ${TICK_MS} ms, ${pg ? `PostgreSQL (${pg.name})` : 'PGlite (data directory)'}, ` +
        `${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')}`,
    );
    await prepareDatabase(database, testConfig({ databaseUrl: pg?.url, dataDir }));
    const db = database.db;
    const instruments = (
      await selectRows<{ id: string }>(db, sql`select id from instruments order by created_at, id limit ${INSTRUMENTS}`)
    ).map((r) => r.id);
    const gen = new Generator(instruments, await participants(db), 20_261_124);
    const close = Math.floor(Date.now() / DAY_MS) * DAY_MS; // today 00:00 UTC: yesterday's close
    const start = close - SECONDS * 1_000;
    // The day so far: PRIOR trades evenly from 09:00 to 10 minutes before the stream.
    let setup = performance.now();
    const dayStart = close - DAY_MS + 9 * 3_600_000;
    const priorEnd = start - 600_000;
    for (let n = 0; n < PRIOR; n += 10_000) {
      const times: number[] = [];
      for (let k = n; k < Math.min(PRIOR, n + 10_000); k++)
        times.push(dayStart + Math.floor(((priorEnd - dayStart) * k) / PRIOR));
      await insertSlice(db, gen.slice(times, null));
    }
    // Everything so far (the demo seed's trades and the prior day) counts as judged.
    const [last] = await selectRows<{ n: string }>(db, sql`select coalesce(max(sequence), 0)::text as n from trades`);
    for (const group of RULE_GROUPS)
      await db.execute(sql`insert into surveillance_cursors (rule, last_sequence) values (${group.name}, ${last!.n}::bigint)
        on conflict (rule) do update set last_sequence = excluded.last_sequence`);
    await db.execute(sql`delete from surveillance_cases`);
    console.log(
      `setup: seed, ${PRIOR} prior trades, cursors past them in ${((performance.now() - setup) / 1000).toFixed(1)} s`,
    );

    const pgDatabase = pg?.name ?? null;
    const stop = process.env.BENCH_CPU_PROFILE ? await startCpuProfile() : null;
    let cpuMicros = 0;
    let pgTicks = 0;
    let judged = 0;
    let trades = 0;
    let insertMs = 0;
    const tickWall: number[] = [];
    const groupCpu = new Map<string, number>(RULE_GROUPS.map((g) => [g.name, 0]));
    const loadStart = loadavg()[0]!;
    const per = RATE / (1000 / TICK_MS);
    const lastLag = Math.max(...RULE_GROUPS.map((g) => g.lagMs));
    setup = performance.now();
    // The clock advances a tick at a time: the stream's trades of the tick are written, then each
    // group runs a pass at the tick's end, as the runner's debounce would. A group is skipped at
    // the ticks where its lag leaves it nothing of the stream to judge (before the stream is old
    // enough, after it is done), so every pass measured judges one tick's worth of trades.
    for (let now = start + TICK_MS; now <= close + lastLag + TICK_MS; now += TICK_MS) {
      if (now <= close) {
        const times: number[] = [];
        for (let k = 0; k < per; k++) times.push(now - TICK_MS + Math.floor((k * TICK_MS) / per));
        const slice = gen.slice(times, { start, end: close });
        const inserting = performance.now();
        await insertSlice(db, slice);
        insertMs += performance.now() - inserting;
        trades += slice.trades.length;
      }
      const due = RULE_GROUPS.filter((g) => now - g.lagMs > start && now - g.lagMs <= close + TICK_MS);
      if (due.length === 0) continue;
      const pgBefore = pgDatabase ? postgresTicks(pgDatabase) : 0;
      const wall = performance.now();
      for (const group of due) {
        const cpu = process.cpuUsage();
        judged += await scanGroup(db, group, new Date(now));
        const used = process.cpuUsage(cpu);
        cpuMicros += used.user + used.system;
        groupCpu.set(group.name, groupCpu.get(group.name)! + used.user + used.system);
      }
      tickWall.push(performance.now() - wall);
      if (pgDatabase) pgTicks += postgresTicks(pgDatabase) - pgBefore;
    }
    const elapsed = (performance.now() - setup) / 1000;
    if (stop) await stop(join(process.env.BENCH_CPU_PROFILE!, `surveillance-${process.pid}.cpuprofile`));
    const cases = await selectRows<{ rule: string; n: string }>(
      db,
      sql`select rule, count(*)::text as n from surveillance_cases group by rule order by rule`,
    );
    const cpuSeconds = cpuMicros / 1e6;
    const pgSeconds = pgTicks / CLOCK_TICKS;
    const sorted = [...tickWall].sort((a, b) => a - b);
    console.log(
      `stream: ${trades} trades (${elapsed.toFixed(1)} s wall incl. ${(insertMs / 1000).toFixed(1)} s of fixture inserts); ` +
        `judgements ${judged} (= 3 groups × ${judged / 3})`,
    );
    console.log(
      `passes (${tickWall.length}): process CPU ${cpuSeconds.toFixed(2)} s${pgDatabase ? `, PostgreSQL backends ${pgSeconds.toFixed(2)} s` : ''}; ` +
        `wall per tick p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p95 ${percentile(sorted, 0.95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms ` +
        `(a tick is ${TICK_MS} ms of stream)`,
    );
    const perCpu = trades / cpuSeconds;
    console.log(
      `trades judged per CPU-second: ${perCpu.toFixed(0)} (process)` +
        (pgDatabase ? `, ${(trades / (cpuSeconds + pgSeconds)).toFixed(0)} (process + PostgreSQL backends)` : '') +
        `; CPU µs per trade ${((cpuSeconds * 1e6) / trades).toFixed(0)}` +
        (pgDatabase ? ` + ${((pgSeconds * 1e6) / trades).toFixed(0)} in PostgreSQL` : '') +
        `; target ${TARGET}/s on one core: ${perCpu >= TARGET ? 'met' : 'NOT met'}`,
    );
    console.log(
      `process CPU per group: ${[...groupCpu].map(([name, us]) => `${name} ${(us / 1e6).toFixed(2)} s`).join(', ')}`,
    );
    console.log(`cases raised: ${cases.map((c) => `${c.rule} ${c.n}`).join(', ') || 'none'}`);
    console.log(`load average ${loadStart.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await database.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
