import { describe, expect, it } from 'vitest';
import { PlatformMetrics, RecentLatency } from './metrics';

describe('RecentLatency', () => {
  it('answers quantiles within 2% over the last five minutes', () => {
    const recent = new RecentLatency();
    const t0 = 1_800_000_000_000;
    expect(recent.quantile(0.5, t0)).toBeNull();
    // 1..1000 ms, one request each: median 500 ms, p99 990 ms.
    for (let ms = 1; ms <= 1000; ms++) recent.observe(ms / 1000, t0 + ms);
    expect(recent.quantile(0.5, t0 + 2_000)! / 0.5).toBeGreaterThanOrEqual(1);
    expect(recent.quantile(0.5, t0 + 2_000)! / 0.5).toBeLessThanOrEqual(1.0201);
    expect(recent.quantile(0.99, t0 + 2_000)! / 0.99).toBeLessThanOrEqual(1.0201);
    expect(recent.quantile(0.99, t0 + 2_000)! / 0.99).toBeGreaterThanOrEqual(1);
  });

  it('forgets minutes older than five', () => {
    const recent = new RecentLatency();
    const t0 = 1_800_000_000_000;
    recent.observe(0.1, t0);
    recent.observe(0.002, t0 + 4 * 60_000);
    recent.observe(0.002, t0 + 4 * 60_000);
    expect(recent.quantile(0.99, t0 + 4 * 60_000)!).toBeGreaterThan(0.09);
    // Six minutes later the 100 ms request is out of the window; its slot is reused, not added to.
    recent.observe(0.002, t0 + 6 * 60_000);
    expect(recent.quantile(0.99, t0 + 6 * 60_000)!).toBeLessThan(0.0021);
    expect(recent.quantile(0.5, t0 + 20 * 60_000)).toBeNull();
  });
});

describe('request duration histogram', () => {
  it('writes the Prometheus histogram prom-client would (cumulative buckets, +Inf, sum, count)', async () => {
    const metrics = new PlatformMetrics();
    metrics.requestDuration.observe('POST', '/api/orders', 201, 0.002);
    metrics.requestDuration.observe('POST', '/api/orders', 201, 0.02);
    metrics.requestDuration.observe('POST', '/api/orders', 201, 3);
    metrics.requestDuration.observe('POST', '/api/orders', 422, 0.001);
    const text = await metrics.registry.metrics();
    const series = (le: string, status = 201) =>
      `meridian_http_request_duration_seconds_bucket{le="${le}",method="POST",route="/api/orders",status_code="${status}"}`;
    expect(text).toContain('# TYPE meridian_http_request_duration_seconds histogram');
    expect(text).toContain(`${series('0.001')} 0`);
    expect(text).toContain(`${series('0.0025')} 1`);
    expect(text).toContain(`${series('0.025')} 2`);
    expect(text).toContain(`${series('2.5')} 2`);
    expect(text).toContain(`${series('+Inf')} 3`);
    expect(text).toContain(`${series('0.001', 422)} 1`);
    expect(text).toContain(
      'meridian_http_request_duration_seconds_count{method="POST",route="/api/orders",status_code="201"} 3',
    );
    expect(text).toMatch(
      /meridian_http_request_duration_seconds_sum\{method="POST",route="\/api\/orders",status_code="201"\} 3\.022/,
    );
    expect(text).toMatch(/meridian_http_request_recent_latency_seconds\{quantile="0.5"\} /);
  });
});
