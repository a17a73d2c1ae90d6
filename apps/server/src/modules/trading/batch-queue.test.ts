import { describe, expect, it } from 'vitest';
import { BatchQueue } from './batch-queue';

describe('BatchQueue', () => {
  it('processes commands in arrival order, never two batches at once, batching what waits', async () => {
    const batches: number[][] = [];
    let active = 0;
    const queue = new BatchQueue<number, number>(async (batch) => {
      active++;
      expect(active).toBe(1);
      batches.push(batch);
      await new Promise((r) => setTimeout(r, 5));
      active--;
      return batch.map((n) => n * 10);
    });
    const first = queue.submit(1);
    await new Promise((r) => setTimeout(r, 1)); // the first batch is being processed
    const rest = [2, 3, 4].map((n) => queue.submit(n));
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches.flat()).toEqual([1, 2, 3, 4]);
    expect(batches.length).toBe(2);
    await queue.idle();
    expect(queue.size).toBe(0);
  });

  it('starts the next waiting batch before answering the one that finished', async () => {
    const events: string[] = [];
    const queue = new BatchQueue<number, number>(async (batch) => {
      // As the real processor, which awaits its reads before it sends the batch's statement.
      await Promise.resolve();
      await Promise.resolve();
      events.push(`start ${batch.join(',')}`);
      await new Promise((r) => setTimeout(r, 5));
      return batch;
    });
    const first = queue.submit(1).then(() => events.push('answer 1'));
    await new Promise((r) => setTimeout(r, 1));
    const second = queue.submit(2).then(() => events.push('answer 2'));
    await Promise.all([first, second]);
    expect(events).toEqual(['start 1', 'start 2', 'answer 1', 'answer 2']);
  });

  it('gathers what is submitted within one turn of the event loop into one batch', async () => {
    const batches: number[][] = [];
    const queue = new BatchQueue<number, number>(async (batch) => (batches.push(batch), batch));
    // As requests whose handlers reach the queue after a few awaits of their own.
    const later = (n: number, hops: number): Promise<number> =>
      hops === 0 ? queue.submit(n) : Promise.resolve().then(() => later(n, hops - 1));
    expect(await Promise.all([queue.submit(1), later(2, 3), later(3, 10)])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('respects the batch size limit', async () => {
    const sizes: number[] = [];
    const queue = new BatchQueue<number, number>(async (batch) => {
      sizes.push(batch.length);
      return batch;
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => queue.submit(n)));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('rejects every command of a failed batch and keeps serving later ones', async () => {
    let fail = true;
    const queue = new BatchQueue<number, number>(async (batch) => {
      if (fail) {
        fail = false;
        throw new Error('database down');
      }
      return batch;
    });
    const failed = [queue.submit(1), queue.submit(2)];
    await expect(failed[0]).rejects.toThrow('database down');
    await expect(failed[1]).rejects.toThrow('database down');
    expect(await queue.submit(3)).toBe(3);
  });
});
