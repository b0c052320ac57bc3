/** A wait for a lock that ran out: its holder is slow or hung. The work did not run; it may be asked for again. */
export class LockTimeout extends Error {
  override name = 'LockTimeout';
  constructor(key: string, waitMs: number) {
    super(`another request holds "${key}" for more than ${Math.round(waitMs / 1000)} s; try again`);
  }
}

/** How long `exclusive` waits for its lock by default. */
export const LOCK_WAIT_MS = 60_000;

/** A first-in first-out asynchronous lock. A waiter that gives up (`waitMs`) passes its turn on when it comes. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;
  private held = false;

  /** Whether someone holds the lock or waits for it. */
  get busy(): boolean {
    return this.held || this.waiting > 0;
  }

  /** Resolves, in turn, with the function that releases the lock; after `waitMs`, rejects with LockTimeout instead. */
  acquire(waitMs = Number.POSITIVE_INFINITY, key = 'lock'): Promise<() => void> {
    this.waiting++;
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = () => {
        this.held = false;
        resolve();
      };
    });
    const take = () => {
      this.waiting--;
      this.held = true;
      return release;
    };
    // The store takes this lock around every call: no timer, no extra turn of the event loop, unless one is asked for.
    if (waitMs === Number.POSITIVE_INFINITY) return previous.then(take);
    return within(previous, waitMs).then((inTime) => {
      if (inTime) return take();
      this.waiting--;
      void previous.then(release);
      throw new LockTimeout(key, waitMs);
    });
  }

  /** Runs `fn` once the lock is this caller's (see `acquire`), and releases it when `fn` settles. */
  async run<T>(fn: () => Promise<T>, waitMs?: number, key?: string): Promise<T> {
    const release = await this.acquire(waitMs, key);
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/** Whether `promise` settles within `ms`. */
async function within(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true as const), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** A lock per key, each first-in first-out; a key no one holds or waits for takes no memory. */
export class KeyedMutex {
  private readonly locks = new Map<string, { mutex: Mutex; users: number }>();

  async run<T>(key: string, fn: () => Promise<T>, waitMs?: number): Promise<T> {
    let entry = this.locks.get(key);
    if (!entry) this.locks.set(key, (entry = { mutex: new Mutex(), users: 0 }));
    entry.users++;
    try {
      return await entry.mutex.run(fn, waitMs, key);
    } finally {
      if (--entry.users === 0) this.locks.delete(key);
    }
  }
}
