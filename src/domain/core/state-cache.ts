import { LRUCache } from 'lru-cache';
import type { Store } from '../../store/index.js';

interface Entry<V> {
  version: string;
  value: Promise<V>;
}

/**
 * Values read from the store, each kept while the store's state version stays the one it was read at: a write of
 * this server, another process's commit (SQLite) or another server's notification (PostgreSQL) drops them all at
 * once, and with no notification to hear (PostgreSQL's listener down) nothing is kept. Concurrent reads of one key
 * share one computation; a failed one is not kept, nor a value `keep` refuses.
 */
export class StateCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;

  constructor(
    private readonly store: Store,
    max: number,
  ) {
    this.entries = new LRUCache({ max });
  }

  async get(key: string, compute: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const version = await this.store.stateVersion();
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.version === version) return await hit.value;
    // Taken before the reads: a write while they run leaves the value under the version before it, which no later read asks for.
    const entry: Entry<V> = { version, value: compute() };
    this.entries.set(key, entry);
    const drop = () => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
    };
    try {
      const value = await entry.value;
      if (!keep(value)) drop();
      return value;
    } catch (error) {
      drop();
      throw error;
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
