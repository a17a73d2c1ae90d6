import { inspect } from 'node:util';

export interface WaitOptions<T> {
  /** Whether a probed value is the one awaited; truthy values by default. */
  until?: (value: T) => boolean;
  /** Give up after this long (real time). */
  timeoutMs?: number;
  /** Pause between probes. */
  everyMs?: number;
}

/**
 * Probes `probe` until `until` accepts its value, and answers that value. Past `timeoutMs` it
 * throws an error naming `what` was awaited and the last value seen, so a timed-out test says
 * what never happened instead of failing on a later assertion. A probe that throws stops the
 * wait (a probe that may fail while waiting catches its own errors). Uses real timers: a test
 * that fakes them must not wait with this.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  { until = Boolean, timeoutMs = 5_000, everyMs = 50 }: WaitOptions<T> = {},
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (until(value)) return value;
    const waited = Date.now() - started;
    if (waited >= timeoutMs)
      throw new Error(`timed out after ${waited} ms waiting for ${what} (last value: ${inspect(value, { depth: 2 })})`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs, timeoutMs - waited)));
  }
}
