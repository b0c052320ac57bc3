/** A first-in first-out asynchronous lock. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;
  private held = false;

  /** Whether someone holds the lock or waits for it. */
  get busy(): boolean {
    return this.held || this.waiting > 0;
  }

  /** Resolves, in turn, with the function that releases the lock. */
  acquire(): Promise<() => void> {
    this.waiting++;
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = () => {
        this.held = false;
        resolve();
      };
    });
    return previous.then(() => {
      this.waiting--;
      this.held = true;
      return release;
    });
  }

  /** Runs `fn` once the lock is this caller's, and releases it when `fn` settles. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/** A lock per key, each first-in first-out; a key no one holds or waits for takes no memory. */
export class KeyedMutex {
  private readonly locks = new Map<string, { mutex: Mutex; users: number }>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let entry = this.locks.get(key);
    if (!entry) this.locks.set(key, (entry = { mutex: new Mutex(), users: 0 }));
    entry.users++;
    try {
      return await entry.mutex.run(fn);
    } finally {
      if (--entry.users === 0) this.locks.delete(key);
    }
  }
}
