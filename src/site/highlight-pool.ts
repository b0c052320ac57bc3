/**
 * Highlights code blocks on a worker thread of their own, in parallel with the render worker: Shiki was over half
 * of its time. Code is sent ahead, page by page, as the sync found it; the render worker leaves a marker for each
 * block (`codeMarker`), and the build fills them in (`CodeHighlights.fill`) before writing the page. The worker
 * stays, warm and unreferenced, for the next builds of the process, like the render pool.
 */
import { type CodeBlock, fillCodeMarkers } from './render/highlight.js';
import { sharedClient } from '../platform/worker-threads.js';

const highlighter = sharedClient('site/highlight-worker', { resourceLimits: { maxYoungGenerationSizeMb: 16 } });

export interface HighlightMessage {
  id: number;
  blocks: CodeBlock[];
}

/** One build's highlighted code: each distinct block asked of the worker once. */
export class CodeHighlights {
  private readonly client = highlighter();
  private readonly html = new Map<string, Promise<string>>();

  /** Starts highlighting blocks the build will need. */
  prefetch(blocks: readonly CodeBlock[]): void {
    const fresh = blocks.filter((block) => !this.html.has(keyOf(block)));
    if (fresh.length === 0) return;
    const done = this.client.request<string[]>({ blocks: fresh } satisfies Omit<HighlightMessage, 'id'>);
    done.catch(() => {}); // awaited through each block's promise
    fresh.forEach((block, i) =>
      this.html.set(
        keyOf(block),
        done.then((all) => all[i]!),
      ),
    );
  }

  /** A rendered body's HTML with the markers of its deferred code blocks replaced by their highlighted HTML. */
  async fill(html: string, nonce: string, code: readonly CodeBlock[]): Promise<string> {
    if (code.length === 0) return html;
    this.prefetch(code);
    return fillCodeMarkers(html, nonce, await Promise.all(code.map((block) => this.html.get(keyOf(block))!)));
  }
}

const keyOf = ([lang, code]: CodeBlock) => `${lang ?? ''}\0${code}`;
