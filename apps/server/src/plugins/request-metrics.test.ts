import { describe, expect, it } from 'vitest';
import { RequestMetrics } from './request-metrics';

describe('RequestMetrics', () => {
  it('has no median before any request', () => {
    expect(new RequestMetrics().p50()).toBeNull();
  });

  it('takes the median of odd and even sample counts', () => {
    const m = new RequestMetrics();
    [5, 1, 3].forEach((v) => m.record(v));
    expect(m.p50()).toBe(3);
    m.record(10);
    expect(m.p50()).toBe(4);
  });

  it('keeps only the most recent 500 samples', () => {
    const m = new RequestMetrics();
    for (let i = 0; i < 500; i++) m.record(1000);
    for (let i = 0; i < 500; i++) m.record(2);
    expect(m.p50()).toBe(2);
  });
});
