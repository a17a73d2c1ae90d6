import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { createDb } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { chainHash, GENESIS_HASH, type AuditContent } from './chain';
import { appendToOwnChain, readChainHead } from './own-chain';
import { auditInsertCte, recordAudit } from './record';
import { verifyAuditChain } from './verify';

describe('audit trail', () => {
  let t: TestApp;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    cookies = {
      compliance: await t.signIn('compliance@meridian.test'),
      investor: await t.signIn('investor@meridian.test'),
    };
  });
  afterAll(() => t.close());

  const append = (n: number, action = 'test.thing') =>
    t.db.transaction((tx) =>
      recordAudit(
        tx,
        Array.from({ length: n }, (_, i) => ({
          action,
          actorId: 'u1',
          subjectType: 'thing',
          subjectId: `t${i}`,
          before: null,
          after: { amount: '12.50', nested: { b: 2, a: [1, 'x'] } },
        })),
      ),
    );

  it('chains rows: each stores the previous hash, and verify walks them', async () => {
    await append(3);
    const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.chain, 'main')).orderBy(auditEvents.seq);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.chainSeq).toBe(rows[i - 1]!.chainSeq! + 1);
      expect(rows[i]!.seq).toBeGreaterThan(rows[i - 1]!.seq);
      expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    }
    const result = await verifyAuditChain(t.db);
    expect(result).toMatchObject({ ok: true });
    expect(result.chains.find((c) => c.chain === 'main')).toEqual({
      chain: 'main',
      ok: true,
      rows: rows.length,
      headHash: rows.at(-1)!.hash,
    });
  });

  it('a batch appended in one statement (auditInsertCte) is hashed exactly as chainHash and never loses the head', async () => {
    const before = await countRows('test.statement');
    const entries = Array.from({ length: 5 }, (_, i) => ({
      action: 'test.statement',
      actorId: 'u2',
      subjectId: `s${i}`,
      after: { amount: '1.05', text: 'ümlaut \u0001 "quoted"', nested: { z: [i, null], a: true } },
    }));
    // Racing a transaction's append: the function reads the head after taking the chain's
    // lock, so neither loses the race (no 23505 retry) and neither forks the chain.
    await Promise.all([t.db.execute(sql`with ${auditInsertCte(entries)!} select 1`), append(2, 'test.statement')]);
    expect(await countRows('test.statement')).toBe(before + 7);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
    await t.db.execute(sql`with ${auditInsertCte(entries)!} select 1`);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('keeps one chain under concurrent appends', async () => {
    await Promise.all(Array.from({ length: 8 }, () => append(2, 'test.concurrent')));
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
    expect(await countRows('test.concurrent')).toBe(16);
  });

  it('writes nothing when the surrounding transaction rolls back', async () => {
    const before = await countRows();
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, { action: 'test.rolled_back' });
        throw new Error('change refused');
      }),
    ).rejects.toThrow('change refused');
    expect(await countRows()).toBe(before);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await append(1);
    // Drizzle wraps the database error; the trigger's message is on its cause.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(t.db.execute(sql`update audit_events set action = 'x'`))).toMatch(/append-only: UPDATE/);
    expect(await refusal(t.db.execute(sql`delete from audit_events`))).toMatch(/append-only: DELETE/);
    expect(await refusal(t.db.execute(sql`truncate audit_events`))).toMatch(/append-only: TRUNCATE/);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  describe('a chain with one writer (the order batches of a book, decision 0072)', () => {
    const chain = 'orders:00000000-0000-4000-8000-000000000001';
    const entries = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({
        action: 'test.own_chain',
        actorId: 'u3',
        authorisedBy: 'place_orders (role_based)',
        subjectType: 'order',
        subjectId: `${tag}-${i}`,
        requestId: `req-${tag}-${i}`,
        clientAddress: '127.0.0.1',
        after: { price: '101.25', text: 'a "quoted" \\ {brace}, comma', nested: { z: [i, null], a: true } },
      }));
    const write = (cte: ReturnType<typeof appendToOwnChain>['cte']) => t.db.execute(sql`with ${cte!} select 1`);

    it('hashes in Node exactly as chainHash, continues the committed head, and keeps the trail order', async () => {
      let head = await readChainHead(t.db, chain);
      expect(head.chainSeq).toBe(0);
      // Past nine rows: the head is the highest chain_seq as a number, not as text ("9" > "12").
      for (const tag of ['a', 'b', 'c', 'd']) {
        const append = appendToOwnChain(chain, head, entries(3, tag));
        await write(append.cte);
        head = append.head;
        expect(await readChainHead(t.db, chain)).toEqual(head);
      }
      const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.chain, chain)).orderBy(auditEvents.seq);
      expect(rows.map((r) => r.chainSeq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(rows[11]!.after).toMatchObject({ text: 'a "quoted" \\ {brace}, comma' });
      let prev = '0'.repeat(64);
      for (const { seq: _s, prevHash, hash, chain: _c, chainSeq, ...content } of rows) {
        expect(prevHash).toBe(prev);
        expect(hash).toBe(chainHash({ chain, chainSeq: chainSeq! }, prev, content as AuditContent));
        prev = hash;
      }
      const result = await verifyAuditChain(t.db);
      expect(result).toMatchObject({ ok: true });
      expect(result.chains.find((c) => c.chain === chain)).toEqual({ chain, ok: true, rows: 12, headHash: head.hash });
    });

    it('a stale writer cannot fork the chain, and a rolled-back change leaves no row', async () => {
      const head = await readChainHead(t.db, chain);
      const first = appendToOwnChain(chain, head, entries(2, 'c'));
      await write(first.cte);
      // A second writer holding the old head (one that got past its fence) is refused whole.
      const stale = appendToOwnChain(chain, head, entries(1, 'd'));
      await expect(write(stale.cte)).rejects.toMatchObject({ cause: { code: '23505' } });
      await expect(
        t.db.transaction(async (tx) => {
          await tx.execute(sql`with ${appendToOwnChain(chain, first.head, entries(1, 'e')).cte!} select 1`);
          throw new Error('change refused');
        }),
      ).rejects.toThrow('change refused');
      expect(await readChainHead(t.db, chain)).toEqual(first.head);
      expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
    });

    it('verify names the first tampered or missing row of the chain', async () => {
      const other = 'orders:00000000-0000-4000-8000-000000000002';
      const append = appendToOwnChain(other, await readChainHead(t.db, other), entries(4, 'f'));
      await write(append.cte);
      const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.chain, other)).orderBy(auditEvents.seq);
      await t.db.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
      try {
        await t.db.execute(sql`update audit_events set subject_id = 'forged' where seq = ${rows[1]!.seq}`);
        let result = await verifyAuditChain(t.db);
        expect(result).toMatchObject({ ok: false, chain: other, brokenAt: rows[1]!.seq });
        expect(result.chains.find((c) => c.chain === other)).toMatchObject({
          ok: false,
          reason: expect.stringMatching(/altered/),
        });
        expect(result.chains.find((c) => c.chain === chain)).toMatchObject({ ok: true });
        await t.db.execute(sql`delete from audit_events where seq in (${rows[1]!.seq}, ${rows[2]!.seq})`);
        result = await verifyAuditChain(t.db);
        expect(result).toMatchObject({ ok: false, chain: other, brokenAt: rows[3]!.seq });
        if (!result.ok) expect(result.reason).toMatch(/row 2 of chain .* is missing/);
      } finally {
        // Remove the forged chain, so later tests verify.
        await t.db.execute(sql`delete from audit_events where chain = ${other}`);
        await t.db.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
      }
      expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
    });
  });

  it('verify names the first tampered row', async () => {
    await append(3, 'test.tamper');
    const [victim] = await t.db
      .execute<{ seq: number }>(
        sql`select seq::int as seq from audit_events where action = 'test.tamper' order by seq limit 1 offset 1`,
      )
      .then(rowsOf<{ seq: number }>);
    // Only someone bypassing the trigger (a superuser) can do this; verify must notice.
    await t.db.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await t.db.execute(sql`update audit_events set after = '{"amount":"99.00"}' where seq = ${victim!.seq}`);
    await t.db.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    const result = await verifyAuditChain(t.db);
    expect(result).toMatchObject({ ok: false, brokenAt: victim!.seq });
    if (!result.ok) expect(result.reason).toMatch(/altered/);
  });

  describe('GET /api/audit', () => {
    const get = (who: string | undefined, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: who ? { cookie: cookies[who]! } : {} });

    it('needs view_audit', async () => {
      expect((await get(undefined)).statusCode).toBe(401);
      const res = await get('investor');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Missing permission: view_audit' });
    });

    it('pages newest first with filters', async () => {
      const first = await get('compliance', '?action=test.concurrent&limit=5');
      expect(first.statusCode).toBe(200);
      const page = first.json();
      expect(page.items).toHaveLength(5);
      expect(page.items.every((e: { action: string }) => e.action === 'test.concurrent')).toBe(true);
      const seqs = page.items.map((e: { seq: number }) => e.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
      const next = (await get('compliance', `?action=test.concurrent&limit=50&before=${page.nextBefore}`)).json();
      expect(next.items).toHaveLength(11);
      expect(next.nextBefore).toBeNull();
      const prefix = (await get('compliance', '?action=test.&limit=200')).json();
      expect(prefix.items.length).toBeGreaterThanOrEqual(16 + 3 + 3 + 1);
    });

    it('refuses a malformed query with 400', async () => {
      const res = await get('compliance', '?limit=0');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });
  });

  async function countRows(action?: string): Promise<number> {
    const rows = await t.db
      .execute<{ n: number }>(
        action
          ? sql`select count(*)::int as n from audit_events where action = ${action}`
          : sql`select count(*)::int as n from audit_events`,
      )
      .then(rowsOf<{ n: number }>);
    return rows[0]!.n;
  }
});

// PGlite answers { rows }, postgres-js an array.
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

describe('rows written before per-writer chains (migration 0035)', () => {
  it('still verify, and the main chain continues from their head', async () => {
    // A bare migrated database (the test template's seed already wrote audit rows).
    const database = await createDb({});
    try {
      await database.migrate();
      const db = database.db;
      // Three rows as the previous versions wrote them: placed and hashed by their global seq.
      let prev = GENESIS_HASH;
      for (const seq of [1, 2, 3]) {
        const content: AuditContent = {
          occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)),
          actorId: 'u0',
          actorEmail: null,
          action: 'test.legacy',
          authorisedBy: null,
          subjectType: null,
          subjectId: `l${seq}`,
          before: null,
          after: { n: seq },
          requestId: null,
          clientAddress: null,
        };
        const hash = chainHash({ seq }, prev, content);
        await db.insert(auditEvents).values({ seq, ...content, prevHash: prev, hash });
        prev = hash;
      }
      await db.execute(sql`select setval('audit_events_seq', 3)`); // as the migration does over existing rows
      await db.transaction((tx) => recordAudit(tx, [{ action: 'test.after' }, { action: 'test.after' }]));
      const rows = await db.select().from(auditEvents).orderBy(auditEvents.seq);
      expect(rows.map((r) => [r.seq, r.chain, r.chainSeq])).toEqual([
        [1, 'main', null],
        [2, 'main', null],
        [3, 'main', null],
        [4, 'main', 4],
        [5, 'main', 5],
      ]);
      expect(rows[3]!.prevHash).toBe(prev);
      expect(await verifyAuditChain(db)).toMatchObject({ ok: true, rows: 5 });
      await db.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
      await db.execute(sql`update audit_events set actor_id = 'u9' where seq = 2`);
      expect(await verifyAuditChain(db)).toMatchObject({ ok: false, chain: 'main', brokenAt: 2 });
    } finally {
      await database.close();
    }
  }, 180_000);
});
