export interface WaitForOptions {
  /** Milliseconds before giving up (default 5000). */
  timeout?: number;
  /** Milliseconds between two checks (default 20). */
  interval?: number;
  /** What is awaited, for the error on timeout; a function is called then, to describe the last state. */
  message?: string | (() => string | Promise<string>);
}

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/** Checks `condition` until it returns something truthy, and resolves with that; rejects once `timeout` ms have passed. */
export async function waitFor<T>(condition: () => T | Promise<T>, options: WaitForOptions = {}): Promise<Truthy<T>> {
  const { timeout = 5_000, interval = 20, message = 'the condition' } = options;
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await condition();
    if (value) return value as Truthy<T>;
    if (Date.now() >= deadline) throw new Error(`waited ${timeout} ms for ${typeof message === 'function' ? await message() : message}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
