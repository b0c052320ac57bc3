/**
 * A small in-process cache of pure results keyed by blob oid (and whatever else the result depends on), so a
 * re-sync in the same process (`docs watch`, a server) does not parse an unchanged SUMMARY.md or config again.
 */
export class Memo<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly size = 32) {}

  get(key: string, compute: () => T): T {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = compute();
    this.entries.set(key, value);
    if (value instanceof Promise) value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
