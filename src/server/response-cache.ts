import { LRUCache } from 'lru-cache';
import type { Clock } from '../domain/index.js';
import type { Store } from '../store/index.js';

export interface CachedResponse {
  status: number;
  headers: Record<string, string> | undefined;
  /** The JSON body, serialised once. */
  text: string;
}

interface Entry extends CachedResponse {
  version: string;
}

/** How long (by the domain's clock) an answer may be reused while the store stays unchanged: time alone moves some states (a deleted space expires). */
const TTL_MS = 1000;
/** The bodies kept, in UTF-16 code units: reads of ever-new URLs must not hold 10,000 page bodies for the collector to walk. */
const MAX_TEXT = 16 * 1024 * 1024;

/**
 * Answers to reads, per caller and URL, kept while the store's state version stays the same: a read repeated
 * before anything changed is a lookup, not a new trip through the domain and the serialiser.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    private readonly store: Store,
    clock: Clock,
  ) {
    // lru-cache keeps an entry until more than `ttl` has passed: 999 ms of a whole-millisecond clock is "under 1 s".
    this.entries = new LRUCache({
      max: 1_000,
      maxSize: MAX_TEXT,
      sizeCalculation: (entry) => entry.text.length + 1,
      ttl: TTL_MS - 1,
      ttlResolution: 0,
      perf: { now: () => clock.now().getTime() },
    });
  }

  /** The current version, to take before computing an answer that `set` may keep. */
  async version(): Promise<string> {
    return await this.store.stateVersion();
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version === (await this.store.stateVersion())) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps the answer computed at `version`, unless computing it changed the store (then it is already stale). */
  async set(key: string, version: string, response: CachedResponse): Promise<void> {
    if (version !== (await this.store.stateVersion())) return;
    this.entries.set(key, { status: response.status, headers: response.headers, text: response.text, version });
  }
}
