import type { FastifyInstance } from 'fastify';

const WINDOW = 500;

/** Server-side latency of the most recent API requests (ring buffer, milliseconds). */
export class RequestMetrics {
  private readonly samples: number[] = [];
  private next = 0;

  record(durationMs: number): void {
    if (this.samples.length < WINDOW) this.samples.push(durationMs);
    else this.samples[this.next] = durationMs;
    this.next = (this.next + 1) % WINDOW;
  }

  /** Median of the recent samples, rounded to 0.1 ms; null before the first request. */
  p50(): number | null {
    if (this.samples.length === 0) return null;
    const sorted = [...this.samples].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    return Math.round(median * 10) / 10;
  }
}

export function registerRequestMetrics(app: FastifyInstance, metrics: RequestMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/api/')) metrics.record(reply.elapsedTime);
  });
}
