/** What a probe of an owner's subject found. */
export type ProbeResult = 'answering' | 'off-bus' | 'silent';

export interface OwnerWatchOptions {
  /** A routed message unanswered this long has its owner probed (an empty message on its subject). */
  probeAfterMs: number;
  /**
   * A routed message unanswered this long to an owner whose heartbeat has lapsed (a paused or
   * partitioned process: still subscribed, never answering) is failed: by then its leases ran
   * out too (one statement renews both), so the next owner's takeover fences it. A lease.
   */
  stalledAfterMs: number;
  /** Sends the probe; 'off-bus' when NATS answers "no responders" (nobody subscribed: the process is gone). */
  probe(owner: string): Promise<ProbeResult>;
  /** Whether `owner` beat within the lease time as of this instance's last heartbeat. */
  isLive(owner: string): boolean;
}

/**
 * Routed messages waiting for their owner's answer, watched so that an owner that dies or
 * stalls holding them fails them within a probe (kill -9) or a lease (SIGSTOP), not at the
 * NATS request timeout (decision 0084). NATS answers "no responders" only to a request sent
 * after the owner's subscription went; a message already delivered to a process that then
 * died is never answered, and in bench:cluster/cluster.test the clients whose requests were
 * in flight at the kill waited the whole 10 s.
 */
export class OwnerWatch {
  /** By owner: how to fail each waiting message, and when it was sent (performance.now()). */
  private readonly waiting = new Map<string, Map<(error: Error) => void, number>>();
  private readonly probing = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  /** Probes sent (tests, metrics: they are NATS messages too). */
  probes = 0;

  constructor(
    private readonly options: OwnerWatchOptions,
    /** Fails every message waiting on `owner` (the link's abandon). */
    private readonly lost: (owner: string, why: string) => void,
  ) {}

  /** Watches one message sent to `owner`; the returned function ends the watch (answered or failed). */
  track(owner: string, fail: (error: Error) => void): () => void {
    let messages = this.waiting.get(owner);
    if (!messages) this.waiting.set(owner, (messages = new Map()));
    messages.set(fail, performance.now());
    this.arm();
    return () => {
      messages.delete(fail);
      if (messages.size === 0 && this.waiting.get(owner) === messages) this.waiting.delete(owner);
    };
  }

  /** Stops watching every message of `owner` and hands back how to fail them. */
  release(owner: string): Array<(error: Error) => void> {
    const messages = this.waiting.get(owner);
    this.waiting.delete(owner);
    return messages ? [...messages.keys()] : [];
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Ticks only while something waits: an idle or fast cluster pays nothing. */
  private arm(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.check(), Math.max(20, Math.floor(this.options.probeAfterMs / 2)));
    this.timer.unref();
  }

  private check(): void {
    if (this.waiting.size === 0) return this.stop();
    const now = performance.now();
    for (const [owner, messages] of this.waiting) {
      let oldest = now;
      for (const sentAt of messages.values()) oldest = Math.min(oldest, sentAt);
      const age = now - oldest;
      if (age >= this.options.stalledAfterMs && !this.options.isLive(owner)) {
        this.lost(owner, `instance ${owner} stopped beating with the request (paused or cut off)`);
        continue;
      }
      if (age >= this.options.probeAfterMs && !this.probing.has(owner)) void this.probeOwner(owner);
    }
  }

  private async probeOwner(owner: string): Promise<void> {
    this.probing.add(owner);
    this.probes++;
    try {
      // 'silent' (no answer in time: paused, or too busy to read its socket) decides nothing:
      // the lease check above or the request timeout does.
      if ((await this.options.probe(owner)) === 'off-bus')
        this.lost(owner, `instance ${owner} went off the bus with the request (a probe found no responders)`);
    } finally {
      this.probing.delete(owner);
    }
  }
}
