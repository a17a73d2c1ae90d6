import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for';

describe('waitFor', () => {
  it('answers the first value its condition accepts', async () => {
    let n = 0;
    const value = await waitFor('three probes', () => ++n, { until: (v) => v >= 3, everyMs: 1 });
    expect(value).toBe(3);
  });

  it('names what it waited for and the last value when the time is up', async () => {
    await expect(
      waitFor('the lease to move', async () => ({ owner: 'a' }), { timeoutMs: 30, everyMs: 5 }),
    ).resolves.toEqual({ owner: 'a' });
    await expect(
      waitFor('the lease to move', () => 'a', { until: (o) => o !== 'a', timeoutMs: 30, everyMs: 5 }),
    ).rejects.toThrow(/timed out after \d+ ms waiting for the lease to move \(last value: 'a'\)/);
  });
});
