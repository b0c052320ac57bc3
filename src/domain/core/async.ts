/** The items `keep` answers true for, in order; `keep` reads (the store), all of them at once. */
export async function filterAsync<T>(items: readonly T[], keep: (item: T, index: number) => Promise<boolean> | boolean): Promise<T[]> {
  const kept = await Promise.all(items.map((item, index) => keep(item, index)));
  return items.filter((_, index) => kept[index]);
}

/** Whether `test` answers true for any item; `test` reads (the store), all of them at once. */
export async function someAsync<T>(items: readonly T[], test: (item: T) => Promise<boolean> | boolean): Promise<boolean> {
  return (await Promise.all(items.map((item) => test(item)))).some(Boolean);
}

/** `items.map(fn)` with an asynchronous `fn`, one item after the other: for work whose order matters. */
export async function mapSeries<T, U>(items: readonly T[], fn: (item: T, index: number) => Promise<U>): Promise<U[]> {
  const out: U[] = [];
  for (const [index, item] of items.entries()) out.push(await fn(item, index));
  return out;
}

/**
 * Runs the synchronous, pure `compute` over values read asynchronously: a pass gets undefined for a key not read yet
 * and notes it; the keys noted are read, and `compute` runs again, until a pass needs nothing new. Only the last
 * pass's result (or error) counts.
 */
export async function withPrefetch<K, V, T>(load: (key: K) => Promise<V>, compute: (get: (key: K) => V | undefined) => T): Promise<T> {
  const loaded = new Map<K, V>();
  for (;;) {
    const missing = new Set<K>();
    const get = (key: K): V | undefined => {
      if (loaded.has(key)) return loaded.get(key);
      missing.add(key);
      return undefined;
    };
    let result: { value: T } | { error: unknown };
    try {
      result = { value: compute(get) };
    } catch (error) {
      result = { error };
    }
    if (missing.size === 0) {
      if ('error' in result) throw result.error;
      return result.value;
    }
    const keys = [...missing];
    const values = await Promise.all(keys.map((key) => load(key)));
    keys.forEach((key, i) => loaded.set(key, values[i]!));
  }
}
