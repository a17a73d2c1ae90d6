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
    let answerPrevious: (() => void) | null = null;
    while (this.pending.length > 0) {
      // Let everything that arrived in this turn of the event loop join the batch. (With
      // an embedded database, which runs on this thread, a batch otherwise starts before
      // the next request has even been read, and every batch holds one command.)
      await new Promise<void>((resolve) => setImmediate(resolve));
      const batch = this.pending.splice(0, this.maxBatch);
      const running = this.process(batch.map((p) => p.command));
      // The previous batch is answered once this one went out, so the database works on
      // it while those answers are written.
      if (answerPrevious) setImmediate(answerPrevious);
      try {
        const results = await running;
        answerPrevious = () => batch.forEach((p, i) => p.resolve(results[i]!));
      } catch (error) {
        answerPrevious = () => batch.forEach((p) => p.reject(error));
      }
    }
    answerPrevious?.();
    this.running = null;
  }
}
