/**
 * Highlights code blocks on a worker thread of their own, never on the build's thread (`docs serve` builds sites
 * beside its other clients): in parallel with the render worker, Shiki was over half of its time. Code is sent ahead,
 * page by page, as the sync found it; the render leaves a marker for each block (`codeMarker`), and the build fills
 * them in (`CodeHighlights.fill`) before writing the page. The worker stays, warm and unreferenced, for the next
 * builds of the process, like the render pool.
 *
 * A watchdog bounds each block: a TextMate grammar can take minutes on a block of long lines of some shapes. When the
 * worker has been on one block for `stallMs`, it is stopped; that block is left plain (and not cached, so the next
 * build tries again), and the blocks it had not answered yet are asked of a new worker.
 */
import { type CodeBlock, codeKey, fillCodeMarkers, plainBlock } from './render/highlight.js';
import { WorkerClient } from '../platform/worker-threads.js';

export interface HighlightMessage {
  id: number;
  /** Names the request in the worker's progress. */
  seq: number;
  blocks: CodeBlock[];
}

/** The slots of the worker's progress: blocks highlighted so far, then the request and the block in hand (seq 0: none). */
export const PROGRESS = { done: 0, seq: 1, block: 2 } as const;

/** How long one block may take before the worker is stopped. */
export const STALL_MS = 10_000;

/** Where the worker was when it stopped: a request (`seq`, 0 for none) and its block. */
interface StoppedOn {
  seq: number;
  block: number;
}

/** The worker stopped before it answered request `seq`. */
class WorkerStopped extends Error {
  constructor(
    private readonly seq: number,
    private readonly on: StoppedOn,
    override readonly cause: Error,
  ) {
    super(cause.message);
  }

  /** The request's block the worker was on, if it was on one of them. */
  get inHand(): number | null {
    return this.on.seq === this.seq ? this.on.block : null;
  }

  /** It was on no block at all (starting, loading grammars): then nothing is to blame but the worker. */
  get onNoBlock(): boolean {
    return this.on.seq === 0;
  }
}

/** One highlight worker and its watchdog. A new one is started when it stops (`alive`). */
export class HighlightWorker {
  private readonly progress = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  private readonly client: WorkerClient;
  private nextSeq = 1;
  private watchdog: NodeJS.Timeout | undefined;
  /** Where the watchdog found the worker when it stopped it. */
  private stoppedOn: StoppedOn | null = null;

  constructor(readonly stallMs = STALL_MS) {
    this.client = new WorkerClient('site/highlight-worker', {
      resourceLimits: { maxYoungGenerationSizeMb: 16 },
      workerData: { progress: this.progress },
    });
  }

  get alive(): boolean {
    return this.client.alive;
  }

  /** Each block's HTML. Rejects with `WorkerStopped` when the worker stops first. */
  async highlight(blocks: CodeBlock[]): Promise<string[]> {
    const seq = this.nextSeq++;
    const reply = this.client.request<string[]>({ seq, blocks } satisfies Omit<HighlightMessage, 'id'>);
    this.watch();
    try {
      return await reply;
    } catch (error) {
      if (this.client.alive) throw error;
      // Stopped by the watchdog, or gone (then its progress stays as it was when it died).
      throw new WorkerStopped(seq, this.stoppedOn ?? this.inHand(), error as Error);
    }
  }

  /** Stops the worker once a block has been in hand for `stallMs`, checked a few times over that span. */
  private watch(): void {
    if (this.watchdog) return;
    const { progress } = this;
    let done = Atomics.load(progress, PROGRESS.done);
    let since = performance.now();
    this.watchdog = setInterval(
      () => {
        if (!this.client.alive || this.client.busy === 0) {
          clearInterval(this.watchdog);
          this.watchdog = undefined;
          return;
        }
        const now = Atomics.load(progress, PROGRESS.done);
        if (now !== done || Atomics.load(progress, PROGRESS.seq) === 0) {
          done = now;
          since = performance.now();
        } else if (performance.now() - since >= this.stallMs) {
          const on = this.inHand();
          // Still on the same block once read: that block is the one to blame.
          if (Atomics.load(progress, PROGRESS.done) !== done) return;
          this.stoppedOn = on;
          void this.client.terminate();
        }
      },
      Math.max(10, Math.min(1000, this.stallMs / 4)),
    );
    this.watchdog.unref();
  }

  private inHand(): StoppedOn {
    return { seq: Atomics.load(this.progress, PROGRESS.seq), block: Atomics.load(this.progress, PROGRESS.block) };
  }
}

/** The process's highlight worker, started when first asked for, and again once it is gone. */
let shared: HighlightWorker | undefined;
const sharedWorker = (): HighlightWorker => (shared?.alive ? shared : (shared = new HighlightWorker()));

/** A block's HTML, or null when it was left plain for taking too long. */
type Highlighted = string | null;

/** A worker stopped on no block at all this many times over one request: the request fails. */
const STOPS_WITHOUT_BLOCK = 3;

/**
 * One build's highlighted code: each distinct block asked of the worker once while a page holds it. A page's
 * `prefetch` holds its blocks until its `fill` lets them go (`release`), so a build keeps the HTML of the pages ahead
 * of it, not of every page (20,000 blocks at 10,000 pages).
 */
export class CodeHighlights {
  /** By `keyOf`: a block's HTML, and how many prefetched blocks of pages not filled yet hold it. */
  private readonly html = new Map<string, { html: Promise<Highlighted>; holds: number }>();
  /** Blocks an earlier build highlighted, by `codeKey`. */
  private readonly known = new Map<string, string>();

  /** `worker`: the worker to ask (the process's own by default), and again when it stopped. */
  constructor(private readonly worker: () => HighlightWorker = sharedWorker) {}

  /** How many distinct blocks are held for pages not filled yet. */
  get held(): number {
    return this.html.size;
  }

  /** Blocks an earlier build highlighted (`codeKey`, HTML): they are not asked of the worker. */
  remember(blocks: ReadonlyArray<readonly [key: string, html: string]>): void {
    if (!Array.isArray(blocks)) return;
    for (const block of blocks) if (typeof block?.[0] === 'string' && typeof block[1] === 'string') this.known.set(block[0], block[1]);
  }

  /** Starts highlighting a page's blocks ahead of its render, and holds them for its `fill` (`release` there). */
  prefetch(blocks: readonly CodeBlock[]): void {
    const fresh: CodeBlock[] = [];
    for (const block of blocks) {
      const key = keyOf(block);
      const held = this.html.get(key);
      if (held) {
        held.holds++;
        continue;
      }
      const known = this.known.size ? this.known.get(codeKey(block[1], block[0])) : undefined;
      this.html.set(key, { html: Promise.resolve(known ?? null), holds: 1 });
      if (known === undefined) fresh.push(block);
    }
    if (fresh.length === 0) return;
    const done = this.ask(fresh);
    fresh.forEach((block, i) => {
      const html = done.then((all) => all[i]!);
      html.catch(() => {}); // awaited by the fill of a page that wants it; a failure is thrown there
      this.html.get(keyOf(block))!.html = html;
    });
  }

  /**
   * A rendered body's HTML with the markers of its deferred code blocks replaced by their highlighted HTML; those
   * blocks by `codeKey`, but the ones left plain (`plain`: how many). `release`: the blocks its page's `prefetch`
   * held, let go now (they may differ from its code: an include adds blocks).
   */
  async fill(
    html: string,
    nonce: string,
    code: readonly CodeBlock[],
    release: readonly CodeBlock[] = [],
  ): Promise<{ html: string; highlighted: Array<[string, string]>; plain: number }> {
    // Blocks nobody holds are asked now, and held only until their promises are taken.
    const asked = code.filter((block) => !this.html.has(keyOf(block)));
    this.prefetch(asked);
    const pending = code.map((block) => this.html.get(keyOf(block))!.html);
    this.release(asked);
    this.release(release);
    if (code.length === 0) return { html, highlighted: [], plain: 0 };
    const blocks = await Promise.all(pending);
    const highlighted = code.flatMap(([lang, text], i): Array<[string, string]> => (blocks[i] === null ? [] : [[codeKey(text, lang), blocks[i]!]]));
    const filled = blocks.map((block, i) => block ?? plainBlock(code[i]![1]));
    return { html: fillCodeMarkers(html, nonce, filled), highlighted, plain: code.length - highlighted.length };
  }

  /** Lets go of a hold on each block: one no page holds any more is forgotten. */
  private release(blocks: readonly CodeBlock[]): void {
    for (const block of blocks) {
      const key = keyOf(block);
      const held = this.html.get(key);
      if (held && --held.holds <= 0) this.html.delete(key);
    }
  }

  /**
   * Every block's HTML, null for one the worker stopped on; the others are asked again of a new worker (those of a
   * request waiting behind another's slow block too, without counting against it).
   */
  private async ask(blocks: readonly CodeBlock[]): Promise<Highlighted[]> {
    const out: Highlighted[] = new Array(blocks.length);
    let todo = blocks.map((_, i) => i);
    let stops = 0;
    while (todo.length > 0) {
      try {
        const html = await this.worker().highlight(todo.map((i) => blocks[i]!));
        html.forEach((block, j) => (out[todo[j]!] = block));
        todo = [];
      } catch (error) {
        if (!(error instanceof WorkerStopped)) throw error;
        const { inHand } = error;
        if (inHand !== null && inHand >= 0 && inHand < todo.length) {
          out[todo[inHand]!] = null;
          todo = todo.filter((_, j) => j !== inHand);
        } else if (error.onNoBlock && ++stops >= STOPS_WITHOUT_BLOCK) throw error.cause;
      }
    }
    return out;
  }
}

const keyOf = ([lang, code]: CodeBlock) => `${lang ?? ''}\0${code}`;
