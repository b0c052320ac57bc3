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
