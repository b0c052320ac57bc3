// Politeness for a crawl: with a delay, one request at a time and at least `delayMs` between two starts; without
// one, a few requests in flight.
export class Throttle {
  private last = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly delayMs: number,
    private readonly parallel = 4,
  ) {}

  get concurrency(): number {
    return this.delayMs > 0 ? 1 : this.parallel;
  }

  /** Resolves when the next request may start. */
  turn(): Promise<void> {
    if (this.delayMs <= 0) return Promise.resolve();
    const next = this.chain.then(async () => {
      const wait = this.last + this.delayMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.last = Date.now();
    });
    this.chain = next;
    return next;
  }

  /** `work` over every item, `concurrency` at a time, each after its turn; results in the items' order. */
  async map<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
    const results = new Array<R>(items.length);
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const i = next++;
        await this.turn();
        results[i] = await work(items[i]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, items.length) }, worker));
    return results;
  }
}
