/**
 * A small in-process cache of pure results keyed by blob oid (and whatever else the result depends on), so a
 * re-sync in the same process (`docs watch`, a server) does not parse an unchanged SUMMARY.md or config again.
 */
import { LRUCache } from 'lru-cache';

export class Memo<T extends {}> {
  private readonly entries: LRUCache<string, T>;

  constructor(size = 32) {
    this.entries = new LRUCache({ max: size });
  }

  get(key: string, compute: () => T): T {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    this.entries.set(key, value);
    if (value instanceof Promise) value.catch(() => this.entries.peek(key) === value && this.entries.delete(key));
    return value;
  }
}
