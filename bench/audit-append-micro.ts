/**
 * Scratch micro-benchmark (decision 0072): PostgreSQL backend CPU per audit row for ways of
 * appending the order batch's audit rows, in batches of BATCH rows, each variant in its own
 * fresh database. Run: flock /work/.bench.lock npx tsx bench/audit-append-micro.ts
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { canonicalContent } from '../apps/server/src/modules/audit/chain';
import { CLOCK_TICKS, freshDatabase, load, postgresTicks } from './processes';

const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.MICRO_ROWS ?? 20_000);
const BATCH = Number(process.env.MICRO_BATCH ?? 64);
const mig = (f: string) =>
  readFileSync(new URL(`../apps/server/drizzle/${f}`, import.meta.url), 'utf8').split('--> statement-breakpoint');

const users = Array.from({ length: 64 }, () => randomUUID());
function entry(i: number) {
  return {
    occurredAt: new Date(),
    actorId: users[i % 64]!,
    actorEmail: `trader${i % 64}@meridian.test`,
    action: i % 5 === 0 ? 'trading.order.cancel' : 'trading.order.place',
    authorisedBy: 'place_orders (role_based)',
    subjectType: 'order',
    subjectId: randomUUID(),
    before: null,
    after: {
      instrumentId: users[0]!,
      side: 'buy',
      type: 'limit',
      quantity: '10',
      price: '101.25',
      filledQuantity: '0',
      status: 'open',
    },
    requestId: `req-${i.toString(36)}`,
    clientAddress: '127.0.0.1',
  };
}

type Variant = {
  name: string;
  setup: string[];
  write(sql: postgres.Sql, rows: ReturnType<typeof entry>[], state: { seq: number; hash: string }): Promise<unknown>;
};

const base = [...mig('0010_audit_trail.sql').slice(0, 4), ...mig('0010_audit_trail.sql').slice(4)];
const fn = [...mig('0028_audit_append_one_pass.sql')];
const typedCols = [
  `alter table audit_events drop constraint audit_events_hash_unique`,
  `create sequence audit_events_seq owned by audit_events.seq`,
  `alter table audit_events alter column seq set default nextval('audit_events_seq')`,
  `alter table audit_events add column chain text not null default 'main'`,
  `alter table audit_events add column chain_seq bigint`,
];
/** Leaves the primary key and the chain index only. */
const dropSecondaryIndexes = [
  'drop index audit_events_subject_idx',
  'drop index audit_events_actor_idx',
  'drop index audit_events_action_idx',
];
const chainIdx = `create unique index audit_events_chain_idx on audit_events (chain, chain_seq)`;

async function typedInsert(sql: postgres.Sql, rows: ReturnType<typeof entry>[], state: { seq: number; hash: string }) {
  const cols = {
    cs: [] as string[],
    at: [] as string[],
    ai: [] as (string | null)[],
    ae: [] as (string | null)[],
    ac: [] as string[],
    ab: [] as (string | null)[],
    st: [] as (string | null)[],
    si: [] as (string | null)[],
    be: [] as (string | null)[],
    af: [] as (string | null)[],
    ri: [] as (string | null)[],
    ca: [] as (string | null)[],
    ph: [] as string[],
    h: [] as string[],
  };
  for (const r of rows) {
    state.seq += 1;
    const text = canonicalContent(r as never, 'orders:x', String(state.seq));
    const h = createHash('sha256').update(state.hash).update('\n').update(text).digest('hex');
    cols.cs.push(String(state.seq));
    cols.at.push(r.occurredAt.toISOString());
    cols.ai.push(r.actorId);
    cols.ae.push(r.actorEmail);
    cols.ac.push(r.action);
    cols.ab.push(r.authorisedBy);
    cols.st.push(r.subjectType);
    cols.si.push(r.subjectId);
    cols.be.push(r.before === null ? null : JSON.stringify(r.before));
    cols.af.push(JSON.stringify(r.after));
    cols.ri.push(r.requestId);
    cols.ca.push(r.clientAddress);
    cols.ph.push(state.hash);
    cols.h.push(h);
    state.hash = h;
  }
  return sql.unsafe(
    `insert into audit_events (chain, chain_seq, occurred_at, actor_id, actor_email, action, authorised_by, subject_type, subject_id, before, after, request_id, client_address, prev_hash, hash)
     select 'order:x', u.cs, u.at, u.ai, u.ae, u.ac, u.ab, u.st, u.si, u.be, u.af, u.ri, u.ca, u.ph, u.h
     from unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::jsonb[], $10::jsonb[], $11::text[], $12::text[], $13::text[], $14::text[]) with ordinality as u(cs, at, ai, ae, ac, ab, st, si, be, af, ri, ca, ph, h, n) order by u.n`,
    [
      cols.cs,
      cols.at,
      cols.ai,
      cols.ae,
      cols.ac,
      cols.ab,
      cols.st,
      cols.si,
      cols.be,
      cols.af,
      cols.ri,
      cols.ca,
      cols.ph,
      cols.h,
    ] as never,
  );
}

/** The same rows as typedInsert, as ONE json parameter read by json_to_recordset (how the batch sends orders). */
async function jsonInsert(sql: postgres.Sql, rows: ReturnType<typeof entry>[], state: { seq: number; hash: string }) {
  const out = rows.map((r) => {
    state.seq += 1;
    const text = canonicalContent(r as never, 'orders:x', String(state.seq));
    const h = createHash('sha256').update(state.hash).update('\n').update(text).digest('hex');
    const row = {
      cs: state.seq,
      at: r.occurredAt.toISOString(),
      ai: r.actorId,
      ae: r.actorEmail,
      ac: r.action,
      ab: r.authorisedBy,
      st: r.subjectType,
      si: r.subjectId,
      be: r.before,
      af: r.after,
      ri: r.requestId,
      ca: r.clientAddress,
      ph: state.hash,
      h,
    };
    state.hash = h;
    return row;
  });
  return sql.unsafe(
    `insert into audit_events (chain, chain_seq, occurred_at, actor_id, actor_email, action, authorised_by, subject_type, subject_id, before, after, request_id, client_address, prev_hash, hash)
     select 'order:x', r.cs, r.at, r.ai, r.ae, r.ac, r.ab, r.st, r.si, r.be, r.af, r.ri, r.ca, r.ph, r.h
     from json_to_recordset($1::text::json) as r(cs bigint, at timestamptz, ai text, ae text, ac text, ab text, st text, si text, be jsonb, af jsonb, ri text, ca text, ph text, h text)`,
    [JSON.stringify(out)] as never,
  );
}

/** The floor: the same number of rows of the same width made in the statement itself (no parameters to parse). */
async function generatedInsert(
  sql: postgres.Sql,
  rows: ReturnType<typeof entry>[],
  state: { seq: number; hash: string },
) {
  const first = state.seq + 1;
  state.seq += rows.length;
  return sql.unsafe(
    `insert into audit_events (chain, chain_seq, occurred_at, actor_id, actor_email, action, authorised_by, subject_type, subject_id, before, after, request_id, client_address, prev_hash, hash)
     select 'order:x', g, now(), 'u' || (g % 64), 'trader@meridian.test', 'trading.order.place', 'place_orders (role_based)', 'order',
       md5(g::text), null, '{"instrumentId":"a","side":"buy","type":"limit","quantity":"10","price":"101.25","filledQuantity":"0","status":"open"}'::jsonb,
       'req-' || g, '127.0.0.1', repeat('0', 64), repeat('1', 64)
     from generate_series($1::bigint, $2::bigint) g`,
    [first, state.seq] as never,
  );
}

const variants: Variant[] = [
  { name: 'none (statement with no audit rows)', setup: [...base], write: (sql) => sql`select 1` },
  {
    name: 'audit_chain_append (today, 0028)',
    setup: [...base, ...fn],
    write: (sql, rows) =>
      sql.unsafe(
        `insert into audit_events (seq, occurred_at, actor_id, actor_email, action, authorised_by, subject_type, subject_id, before, after, request_id, client_address, prev_hash, hash) select seq, occurred_at, actor_id, actor_email, action, authorised_by, subject_type, subject_id, before, after, request_id, client_address, prev_hash, hash from audit_chain_append($1::text)`,
        [rows.map((r) => canonicalContent(r as never, 'main', '\u0001')).join('\u0002')],
      ),
  },
  {
    name: 'typed unnest, seq pk + chain uniq + actor + action + subject',
    setup: [...base, ...typedCols, chainIdx],
    write: typedInsert,
  },
  {
    name: 'typed unnest, minus subject idx',
    setup: [...base, ...typedCols, chainIdx, 'drop index audit_events_subject_idx'],
    write: typedInsert,
  },
  {
    name: 'typed unnest, minus actor+action idx',
    setup: [...base, ...typedCols, chainIdx, 'drop index audit_events_actor_idx', 'drop index audit_events_action_idx'],
    write: typedInsert,
  },
  {
    name: 'typed unnest, seq pk + chain uniq only',
    setup: [...base, ...typedCols, chainIdx, ...dropSecondaryIndexes],
    write: typedInsert,
  },
  { name: 'typed unnest, no chain uniq (4 idx like today)', setup: [...base, ...typedCols], write: typedInsert },
  {
    name: 'typed unnest, 5 idx, text keys collate "C"',
    setup: [
      ...base,
      ...typedCols,
      chainIdx,
      ...dropSecondaryIndexes,
      'create index a1 on audit_events (actor_id collate "C", seq)',
      'create index a2 on audit_events (action collate "C", seq)',
      'create index a3 on audit_events (subject_type collate "C", subject_id collate "C")',
    ],
    write: typedInsert,
  },
  {
    name: 'typed unnest, seq pk + chain uniq + actor + action + hash(subject_id)',
    setup: [
      ...base,
      ...typedCols,
      chainIdx,
      'drop index audit_events_subject_idx',
      'create index a3 on audit_events using hash (subject_id)',
    ],
    write: typedInsert,
  },
  { name: 'json_to_recordset, 5 idx', setup: [...base, ...typedCols, chainIdx], write: jsonInsert },
  {
    name: 'generated in the statement (no parameters), 5 idx',
    setup: [...base, ...typedCols, chainIdx],
    write: generatedInsert,
  },
  {
    name: 'generated in the statement, seq pk + chain uniq only',
    setup: [...base, ...typedCols, chainIdx, ...dropSecondaryIndexes],
    write: generatedInsert,
  },
];

const only = process.env.MICRO_ONLY?.split(',').map(Number);
console.log(`load ${load()}; ${ROWS} rows in batches of ${BATCH}`);
for (const [i, v] of variants.entries()) {
  if (only && !only.includes(i)) continue;
  const db = await freshDatabase(PG, 'micro');
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  try {
    for (const s of v.setup) await sql.unsafe(s);
    const state = { seq: 0, hash: '0'.repeat(64) };
    const batches = Array.from({ length: ROWS / BATCH }, (_, b) =>
      Array.from({ length: BATCH }, (_, j) => entry(b * BATCH + j)),
    );
    await v.write(sql, batches[0]!.slice(0, 1), state); // warm the connection and the plan
    const t0 = postgresTicks(db.name);
    const w0 = performance.now();
    for (const rows of batches) await sql.begin((tx) => v.write(tx as unknown as postgres.Sql, rows, state));
    const wall = performance.now() - w0;
    await new Promise((r) => setTimeout(r, 600));
    const ticks = postgresTicks(db.name) - t0;
    console.log(
      `${i} ${v.name}: PG ${(((ticks / CLOCK_TICKS) * 1e6) / ROWS).toFixed(1)} us/row, wall ${((wall * 1000) / ROWS).toFixed(1)} us/row`,
    );
  } finally {
    await sql.end({ timeout: 5 });
    await db.drop();
  }
}
console.log(`load ${load()}`);
