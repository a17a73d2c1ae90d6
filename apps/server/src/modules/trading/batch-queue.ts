/**
 * A serial queue that hands its commands to one processor in batches. Commands never
 * overlap: the next batch starts only after the previous one settled. Whatever arrives
 * while a batch is being processed forms the next batch, so under load many commands
 * share one database transaction (group commit) while a lone command is never delayed.
 */
export class BatchQueue<C, R> {
  private pending: Waiting<C, R>[] = [];
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
    // Kept as data, not as a closure per batch: under tsx every named closure costs a
    // defineProperty of its name, and this loop runs once per batch.
    let previous: Settled<C, R> | null = null;
    while (this.pending.length > 0) {
      // Let everything that arrived in this turn of the event loop join the batch. (With
      // an embedded database, which runs on this thread, a batch otherwise starts before
      // the next request has even been read, and every batch holds one command.)
      await new Promise<void>((resolve) => setImmediate(resolve));
      const batch = this.pending.splice(0, this.maxBatch);
      const running = this.process(batch.map((p) => p.command));
      // The previous batch is answered once this one went out, so the database works on
      // it while those answers are written.
      if (previous) setImmediate(answer, previous);
      try {
        previous = { batch, results: await running };
      } catch (error) {
        previous = { batch, error };
      }
    }
    if (previous) answer(previous);
    this.running = null;
  }
}

interface Waiting<C, R> {
  command: C;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

/** A processed batch waiting to be answered: its results, or the error that failed it. */
type Settled<C, R> = { batch: Waiting<C, R>[]; results: R[] } | { batch: Waiting<C, R>[]; error: unknown };

function answer<C, R>(settled: Settled<C, R>): void {
  const { batch } = settled;
  if ('results' in settled) for (let i = 0; i < batch.length; i++) batch[i]!.resolve(settled.results[i]!);
  else for (const waiting of batch) waiting.reject(settled.error);
}
