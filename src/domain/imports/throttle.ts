// Politeness for a crawl: with a delay, one request at a time and a pause of at least `delayMs` from the end of one to
// the start of the next (counted from starts, a slow response left the site less than the pause); without one, a few
// requests in flight.
import pLimit, { type LimitFunction } from 'p-limit';

export class Throttle {
  private last = 0;
  private readonly limit: LimitFunction;

  constructor(
    readonly delayMs: number,
    parallel = 4,
  ) {
    this.limit = pLimit(delayMs > 0 ? 1 : parallel);
  }

  /** `work` over every item, each after its turn; results in the items' order. */
  map<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
    return this.limit.map(items, async (item) => {
      const wait = this.last + this.delayMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        return await work(item);
      } finally {
        this.last = Date.now();
      }
    });
  }
}
