import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics, type CounterConfiguration, type Metric } from 'prom-client';

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** One series of the request histogram: counts per bucket (the last is +Inf, not cumulative), sum, count. */
interface Series {
  labels: { method: string; route: string; status_code: number };
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * `meridian_http_request_duration_seconds` (histogram by method, route and status code), in
 * the exposition prom-client writes, but observed without per-request allocations: a series is
 * found through three map lookups and its counters bumped (prom-client's `observe` validates
 * and hashes the label object of every request; issue 16 item 7).
 */
export class RequestDurations {
  readonly name = 'meridian_http_request_duration_seconds';
  readonly help = 'API request latency by method, route and status code';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let s = byStatus.get(statusCode);
    if (!s) {
      s = {
        labels: { method, route, status_code: statusCode },
        counts: new Float64Array(DURATION_BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      byStatus.set(statusCode, s);
    }
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
    s.counts[i]!++;
    s.sum += seconds;
    s.count++;
  }

  async get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const byMethod of this.series.values())
      for (const byStatus of byMethod.values())
        for (const s of byStatus.values()) {
          let cumulative = 0;
          DURATION_BUCKETS.forEach((le, i) => {
            cumulative += s.counts[i]!;
            values.push({ labels: { le, ...s.labels }, value: cumulative, metricName: `${this.name}_bucket` });
          });
          values.push({ labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${this.name}_bucket` });
          values.push({ labels: { ...s.labels }, value: s.sum, metricName: `${this.name}_sum` });
          values.push({ labels: { ...s.labels }, value: s.count, metricName: `${this.name}_count` });
        }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}

/** Recent-latency buckets: 2% wide from 10 us (index 0: up to 10 us) to beyond 10 s (last). */
const MIN_SECONDS = 1e-5;
const STEP = Math.log(1.02);
const RECENT_BUCKETS = Math.ceil(Math.log(10 / MIN_SECONDS) / STEP) + 2;
const SLOT_MS = 60_000;
const SLOTS = 5;

/**
 * Latency of all API requests over the last five minutes (five one-minute slots), for the
 * System Status card's median: counts in 2%-wide logarithmic buckets, so a quantile is within
 * 2% and observing is one logarithm and one increment. It replaced a prom-client Summary,
 * which pushed every request into five t-digests (issue 16 item 7).
 */
export class RecentLatency {
  private readonly slots = Array.from({ length: SLOTS }, () => new Uint32Array(RECENT_BUCKETS));
  /** The minute (Date.now() / SLOT_MS) each slot holds. */
  private readonly minutes = new Float64Array(SLOTS).fill(-Infinity);

  observe(seconds: number, now = Date.now()): void {
    const minute = Math.floor(now / SLOT_MS);
    const slot = minute % SLOTS;
    if (this.minutes[slot] !== minute) {
      this.slots[slot]!.fill(0);
      this.minutes[slot] = minute;
    }
    const i =
      seconds <= MIN_SECONDS ? 0 : Math.min(RECENT_BUCKETS - 1, Math.ceil(Math.log(seconds / MIN_SECONDS) / STEP));
    this.slots[slot]![i]!++;
  }

  /** The q-quantile in seconds (a bucket's upper bound) of the last five minutes; null without requests. */
  quantile(q: number, now = Date.now()): number | null {
    const minute = Math.floor(now / SLOT_MS);
    const live = this.slots.filter((_, s) => this.minutes[s]! > minute - SLOTS);
    let total = 0;
    for (const counts of live) for (let i = 0; i < RECENT_BUCKETS; i++) total += counts[i]!;
    if (total === 0) return null;
    const rank = Math.max(1, Math.ceil(q * total));
    let seen = 0;
    for (let i = 0; i < RECENT_BUCKETS; i++) {
      for (const counts of live) seen += counts[i]!;
      if (seen >= rank) return MIN_SECONDS * Math.exp(i * STEP);
    }
    return null;
  }
}

/**
 * One Prometheus registry per app (tests build many apps in one process, so never the global
 * default). Everything operators and the landing System Status card read comes from here.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  /** Latency by route for Prometheus (histogram: aggregable across instances). */
  readonly requestDuration = new RequestDurations();
  /** Recent median for the System Status card: a sliding five-minute window. */
  readonly recentLatency = new RecentLatency();

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'meridian_' });
    this.registry.registerMetric(this.requestDuration as unknown as Metric);
    const recent = this.recentLatency;
    new Gauge({
      name: 'meridian_http_request_recent_latency_seconds',
      help: 'API request latency over the last five minutes (all routes), by quantile',
      labelNames: ['quantile'] as const,
      registers: [this.registry],
      collect() {
        for (const q of [0.5, 0.99]) this.set({ quantile: String(q) }, recent.quantile(q) ?? 0);
      },
    });
  }

  /** A counter registered on this app's registry (modules count their own events). */
  counter<T extends string>(config: Omit<CounterConfiguration<T>, 'registers'>): Counter<T> {
    return new Counter({ ...config, registers: [this.registry] });
  }

  /** Median API latency of the last five minutes in ms (0.1 ms), null before the first request. */
  async p50Ms(): Promise<number | null> {
    const median = this.recentLatency.quantile(0.5);
    return median === null ? null : Math.round(median * 10_000) / 10;
  }
}

/** Times every API request (static files are not API traffic and are left out). */
export function registerRequestTiming(app: FastifyInstance, metrics: PlatformMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      const seconds = reply.elapsedTime / 1000;
      // The route pattern, never the raw URL: ids in paths would explode the label set.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.requestDuration.observe(request.method, route, reply.statusCode, seconds);
      metrics.recentLatency.observe(seconds);
    }
    done();
  });
}
