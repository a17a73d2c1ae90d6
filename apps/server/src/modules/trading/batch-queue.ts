/**
 * A serial queue that hands its commands to one processor in batches. Commands never
 * overlap: the next batch starts only after the previous one settled. Whatever arrives
 * while a batch is being processed forms the next batch, so under load many commands
 * share one database transaction (group commit) while a lone command is never delayed.
 */
export class BatchQueue<C, R> {
  private pending: { command: C; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running: Promise<void> | null = null;

  constructor(
    /** Gets a batch in arrival order; returns one result per command, same order. */
    private readonly process: (batch: C[]) => Promise<R[]>,
    private readonly maxBatch = 256,
  ) {}

  submit(command: C): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ command, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Resolves once every submitted command has been processed. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  get size(): number {
    return this.pending.length;
  }

  private async drain(): Promise<void> {
    // Let the commands submitted in this same tick join the first batch.
    await Promise.resolve();
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.maxBatch);
      try {
        const results = await this.process(batch.map((p) => p.command));
        // Answered after the next batch went out: its matching and statement do not wait
        // behind the work of sending these answers, so the database is not left idle.
        setImmediate(() => batch.forEach((p, i) => p.resolve(results[i]!)));
      } catch (error) {
        setImmediate(() => batch.forEach((p) => p.reject(error)));
      }
    }
    this.running = null;
  }
}
