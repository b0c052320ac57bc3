/**
 * Highlights code blocks on a worker thread of their own, in parallel with the render worker: Shiki was over half
 * of its time. Code is sent ahead, page by page, as the sync found it; the render worker leaves a marker for each
 * block (`codeMarker`), and the build fills them in (`CodeHighlights.fill`) before writing the page. The worker
 * stays, warm and unreferenced, for the next builds of the process, like the render pool.
 */
import { type CodeBlock, codeKey, fillCodeMarkers } from './render/highlight.js';
import { sharedClient, type WorkerClient } from '../platform/worker-threads.js';

const highlighter = sharedClient('site/highlight-worker', { resourceLimits: { maxYoungGenerationSizeMb: 16 } });

export interface HighlightMessage {
  id: number;
  blocks: CodeBlock[];
}

/** One build's highlighted code: each distinct block asked of the worker once. */
export class CodeHighlights {
  /** Asked for when a block is not known: a build whose code is all in its cache starts no worker. */
  private client: WorkerClient | null = null;
  private readonly html = new Map<string, Promise<string>>();
  /** Blocks an earlier build highlighted, by `codeKey`. */
  private readonly known = new Map<string, string>();

  /** Blocks an earlier build highlighted (`codeKey`, HTML): they are not asked of the worker. */
  remember(blocks: ReadonlyArray<readonly [key: string, html: string]>): void {
    if (!Array.isArray(blocks)) return;
    for (const block of blocks) if (typeof block?.[0] === 'string' && typeof block[1] === 'string') this.known.set(block[0], block[1]);
  }

  /** Starts highlighting blocks the build will need. */
  prefetch(blocks: readonly CodeBlock[]): void {
    const fresh = blocks.filter((block) => {
      if (this.html.has(keyOf(block))) return false;
      const known = this.known.size ? this.known.get(codeKey(block[1], block[0])) : undefined;
      if (known !== undefined) this.html.set(keyOf(block), Promise.resolve(known));
      return known === undefined;
    });
    if (fresh.length === 0) return;
    this.client ??= highlighter();
    const done = this.client.request<string[]>({ blocks: fresh } satisfies Omit<HighlightMessage, 'id'>);
    done.catch(() => {}); // awaited through each block's promise
    fresh.forEach((block, i) =>
      this.html.set(
        keyOf(block),
        done.then((all) => all[i]!),
      ),
    );
  }

  /**
   * A rendered body's HTML with the markers of its deferred code blocks replaced by their highlighted HTML, and those
   * blocks by `codeKey`.
   */
  async fill(html: string, nonce: string, code: readonly CodeBlock[]): Promise<{ html: string; highlighted: Array<[string, string]> }> {
    if (code.length === 0) return { html, highlighted: [] };
    this.prefetch(code);
    const blocks = await Promise.all(code.map((block) => this.html.get(keyOf(block))!));
    return { html: fillCodeMarkers(html, nonce, blocks), highlighted: code.map(([lang, text], i) => [codeKey(text, lang), blocks[i]!]) };
  }
}

const keyOf = ([lang, code]: CodeBlock) => `${lang ?? ''}\0${code}`;
