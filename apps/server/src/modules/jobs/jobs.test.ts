import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { ManualClock } from './clock';
import { JobQueue, PermanentJobError } from './queue';
import { claimNextJob, markCompleted } from './store';

const LEASE = 10_000;

describe('modules/jobs: the durable job queue', () => {
  let t: TestApp;
  let appRuns = 0;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.jobs.register<{ n: number }>('test.app', async ({ job }) => {
          appRuns += job.payload.n;
          return { result: { doubled: job.payload.n * 2 } };
        });
      },
    });
  });
  afterAll(() => t.close());

  function queue(clock: ManualClock, kind: string, handler: Parameters<JobQueue['register']>[1]) {
    const q = new JobQueue(t.db, { clock, leaseMs: LEASE, pollMs: 20, retryDelayMs: () => 5_000 });
    q.register(kind, handler);
    return q;
  }

  it('runs pending → processing → completed with progress and a result', async () => {
    const clock = new ManualClock();
    let seenStatus: string | undefined;
    const q = queue(clock, 'test.ok', async ({ job, progress, db }) => {
      seenStatus = (await new JobQueue(db).get(job.id))?.status;
      await progress(3, 4);
      return { result: { records: 4 } };
    });
    const job = await q.enqueue(t.db, { kind: 'test.ok', payload: { a: 1 } });
    expect(job.status).toBe('pending');
    expect(await q.drain()).toBe(1);
    const done = await q.get(job.id);
    expect(seenStatus).toBe('processing');
    expect(done).toMatchObject({ status: 'completed', attempts: 1, result: { records: 4 }, progressDone: 4 });
    expect(done!.progressTotal).toBe(4);
    expect(done!.finishedAt!.toISOString()).toBe(clock.now().toISOString());
  });

  it('fails at once with the reason of a PermanentJobError', async () => {
    const q = queue(new ManualClock(), 'test.bad', async () => {
      throw new PermanentJobError('Instrument X has no identifier');
    });
    const job = await q.enqueue(t.db, { kind: 'test.bad', payload: {} });
    await q.drain();
    expect(await q.get(job.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      failureReason: 'Instrument X has no identifier',
    });
  });

  it('retries a transient failure after the back-off, then gives up at maxAttempts', async () => {
    const clock = new ManualClock();
    let calls = 0;
    const q = queue(clock, 'test.flaky', async () => {
      calls++;
      if (calls < 2) throw new Error('connection reset');
      return {};
    });
    const job = await q.enqueue(t.db, { kind: 'test.flaky', payload: {} });
    await q.drain();
    expect(await q.get(job.id)).toMatchObject({ status: 'pending', attempts: 1, failureReason: 'connection reset' });
    expect(await q.runOnce()).toBe(false); // not due yet
    clock.advance(5_000);
    await q.drain();
    expect(await q.get(job.id)).toMatchObject({ status: 'completed', attempts: 2, failureReason: null });

    const always = queue(clock, 'test.always', async () => {
      throw new Error('still down');
    });
    const doomed = await always.enqueue(t.db, { kind: 'test.always', payload: {}, maxAttempts: 2 });
    await always.drain();
    clock.advance(5_000);
    await always.drain();
    expect(await always.get(doomed.id)).toMatchObject({ status: 'failed', attempts: 2, failureReason: 'still down' });
  });

  it('reclaims the job of a worker that died mid-job once its lease lapses; the dead claim cannot complete', async () => {
    const clock = new ManualClock();
    const q = queue(clock, 'test.crash', async () => ({ result: 'second worker' }));
    const job = await q.enqueue(t.db, { kind: 'test.crash', payload: {} });
    // The first server claims it and is killed before finishing (no heartbeat any more).
    const dead = await claimNextJob(t.db, ['test.crash'], 'dead-server', clock.now(), LEASE);
    expect(dead?.id).toBe(job.id);
    expect(await q.runOnce()).toBe(false); // lease still held
    clock.advance(LEASE + 1);
    expect(await q.runOnce()).toBe(true);
    expect(await q.get(job.id)).toMatchObject({ status: 'completed', attempts: 2, result: 'second worker' });
    // Fencing: a late write of the first claim is refused.
    const late = await t.db.transaction((tx) => markCompleted(tx, { id: job.id, attempt: 1 }, clock.now(), 'stale'));
    expect(late).toBe(false);
    expect((await q.get(job.id))!.result).toBe('second worker');
  });

  it('fails, rather than leaving in processing, a job whose lease lapsed on its last attempt', async () => {
    const clock = new ManualClock();
    const q = queue(clock, 'test.lastlease', async () => ({}));
    const job = await q.enqueue(t.db, { kind: 'test.lastlease', payload: {}, maxAttempts: 1 });
    await claimNextJob(t.db, ['test.lastlease'], 'dead-server', clock.now(), LEASE);
    clock.advance(LEASE + 1);
    expect(await q.runOnce()).toBe(false);
    const failed = await q.get(job.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.failureReason).toMatch(/stopped responding on the last allowed attempt \(1 of 1\)/);
  });

  it('hands a running job back as pending on graceful shutdown; the restarted worker finishes it', async () => {
    const clock = new ManualClock();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = queue(clock, 'test.restart', async ({ signal }) => {
      started();
      await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    });
    const job = await first.enqueue(t.db, { kind: 'test.restart', payload: {} });
    first.start();
    first.wake();
    await running;
    expect((await first.get(job.id))!.status).toBe('processing');
    await first.stop();
    expect(await first.get(job.id)).toMatchObject({ status: 'pending', leaseOwner: null });

    const second = queue(clock, 'test.restart', async () => ({ result: 'resumed' }));
    await second.drain();
    expect(await second.get(job.id)).toMatchObject({ status: 'completed', attempts: 2, result: 'resumed' });
  });

  it('gives two concurrent claims two different jobs (SKIP LOCKED) and dedupes by key', async () => {
    const clock = new ManualClock();
    const q = queue(clock, 'test.pair', async () => ({}));
    const a = await q.enqueue(t.db, { kind: 'test.pair', payload: {}, dedupeKey: 'pair-a' });
    const again = await q.enqueue(t.db, { kind: 'test.pair', payload: { other: true }, dedupeKey: 'pair-a' });
    expect(again.id).toBe(a.id);
    await q.enqueue(t.db, { kind: 'test.pair', payload: {} });
    const [x, y] = await Promise.all([
      claimNextJob(t.db, ['test.pair'], 'w1', clock.now(), LEASE),
      claimNextJob(t.db, ['test.pair'], 'w2', clock.now(), LEASE),
    ]);
    expect(x && y && x.id !== y.id).toBe(true);
  });

  it('runs registered jobs in the app worker without being asked', async () => {
    const job = await t.app.jobs.enqueue(t.db, { kind: 'test.app', payload: { n: 21 } });
    t.app.jobs.wake();
    const done = await waitFor('the app worker to complete the job', () => t.app.jobs.get(job.id), {
      until: (j) => j?.status === 'completed',
      everyMs: 20,
    });
    expect(done).toMatchObject({ status: 'completed', result: { doubled: 42 } });
    expect(appRuns).toBe(21);
  });
});
