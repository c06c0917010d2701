/** Thrown by WorkQueue.run when every slot is busy and the waiting line is full. */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Work queue full');
    this.name = 'QueueFullError';
  }
}

/**
 * Runs at most `concurrency` tasks at a time; up to `maxWaiting` more wait in order, and any
 * further task is refused at once (QueueFullError) instead of the line growing without bound.
 * For CPU-heavy work (image decoding) that must not starve the rest of the process.
 */
export class WorkQueue {
  #active = 0;
  readonly #waiting: (() => void)[] = [];
  /** Moving average of how long a task took, for the Retry-After estimate. */
  #averageMs = 1000;
  /** Tasks started since the queue was created (a task refused or still waiting is not counted). */
  started = 0;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`concurrency must be a positive integer, got ${concurrency}`);
    }
  }

  get active() {
    return this.#active;
  }

  get waiting() {
    return this.#waiting.length;
  }

  /** Whether a task given now would be refused. */
  get full() {
    return this.#active >= this.concurrency && this.#waiting.length >= this.maxWaiting;
  }

  /** Seconds until a slot is likely free: the work ahead of a new task, from recent task times. */
  retryAfterSeconds(): number {
    const ahead = this.#waiting.length + 1;
    const seconds = Math.ceil((ahead * this.#averageMs) / this.concurrency / 1000);
    return Math.min(60, Math.max(1, seconds));
  }

  /** Runs `task` when a slot is free; throws QueueFullError at once when the line is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.concurrency) {
      if (this.#waiting.length >= this.maxWaiting) {
        throw new QueueFullError(this.retryAfterSeconds());
      }
      // The slot is handed over by the finishing task (#active stays counted), so no newcomer
      // can overtake a waiting task.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#active += 1;
    }
    this.started += 1;
    const began = performance.now();
    try {
      return await task();
    } finally {
      this.#averageMs = 0.7 * this.#averageMs + 0.3 * (performance.now() - began);
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active -= 1;
    }
  }
}
