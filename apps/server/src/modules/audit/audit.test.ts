import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
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
    const rows = await t.db.select().from(auditEvents).orderBy(auditEvents.seq);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.seq).toBe(rows[i - 1]!.seq + 1);
      expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    }
    const result = await verifyAuditChain(t.db);
    expect(result).toMatchObject({ ok: true, rows: rows.length, headHash: rows.at(-1)!.hash });
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
