/** A failure the engine reports as a term problem instead of crashing. */
export class EngineError extends Error {
  constructor(
    readonly term: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
