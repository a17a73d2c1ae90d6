import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, Summary, collectDefaultMetrics, type CounterConfiguration } from 'prom-client';

/**
 * One Prometheus registry per app (tests build many apps in one process, so never the global
 * default). Everything operators and the landing System Status card read comes from here.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  /** Latency by route for Prometheus (histogram: aggregable across instances). */
  readonly requestDuration = new Histogram({
    name: 'meridian_http_request_duration_seconds',
    help: 'API request latency by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  /** Recent median for the System Status card: a sliding five-minute window. */
  readonly recentLatency = new Summary({
    name: 'meridian_http_request_recent_latency_seconds',
    help: 'API request latency over the last five minutes (all routes)',
    percentiles: [0.5, 0.99],
    maxAgeSeconds: 300,
    ageBuckets: 5,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'meridian_' });
  }

  /** A counter registered on this app's registry (modules count their own events). */
  counter<T extends string>(config: Omit<CounterConfiguration<T>, 'registers'>): Counter<T> {
    return new Counter({ ...config, registers: [this.registry] });
  }

  /** Median API latency of the last five minutes in ms (0.1 ms), null before the first request. */
  async p50Ms(): Promise<number | null> {
    const { values } = await this.recentLatency.get();
    const count = values.find((v) => v.metricName?.endsWith('_count'))?.value ?? 0;
    const median = values.find((v) => v.labels.quantile === 0.5)?.value;
    if (!count || median === undefined || Number.isNaN(median)) return null;
    return Math.round(median * 10_000) / 10;
  }
}

/** Times every API request (static files are not API traffic and are left out). */
export function registerRequestTiming(app: FastifyInstance, metrics: PlatformMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const seconds = reply.elapsedTime / 1000;
    // The route pattern, never the raw URL: ids in paths would explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe({ method: request.method, route, status_code: reply.statusCode }, seconds);
    metrics.recentLatency.observe(seconds);
  });
}
