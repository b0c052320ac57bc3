/**
 * Renders page bodies on a worker thread while the build's thread writes the pages already rendered: for cold builds
 * of big sites, where rendering (Shiki above all) is most of the time. The results are the same as rendering on the
 * build's thread (a test compares them); pages that may hold OpenAPI blocks stay there, with the site's specs.
 * The first big build of a process starts the pool; it stays, warm and unreferenced, for the next builds (`docs
 * watch` rebuilds one page at a time), so they need no highlighter of their own.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../domain/worker-threads.js';
import type { RevisionContent } from '../store/index.js';
import type { DocumentPage } from '../store/index.js';
import type { RenderedBody } from './render/markdown.js';
import type { PageSource, SpaceRender } from './render/page-body.js';

/** Below this many pages to render, the build renders them itself: starting workers costs more. */
export const RENDER_WORKERS_FROM = 64;
/** One: this thread keeps the other core busy writing the pages; a second worker only made them wait on each other. */
const WORKERS = 1;
/** A young generation as big as the parse workers': rendering allocates as much. */
const resourceLimits = { maxYoungGenerationSizeMb: 32 };

export interface RenderSpaceMessage {
  type: 'space';
  key: string;
  content: RevisionContent;
  base: string;
  prefix: string;
  options: SpaceRender['options'];
  /** The reusable contents' markdown by repository path. */
  includes: Array<[string, string]>;
}

export interface RenderPageMessage {
  type: 'page';
  id: number;
  space: string;
  page: DocumentPage;
  source: NonNullable<PageSource>;
}

interface Pending {
  resolve: (body: RenderedBody) => void;
  reject: (error: Error) => void;
}

let shared: RenderPool | undefined;

/** The process's render pool, started now when `start` (else only if an earlier build started it). */
export function renderPool(start: boolean): RenderPool | undefined {
  if (!shared && start) shared = new RenderPool(() => (shared = undefined));
  return shared;
}

/** Use `renderPool()`: one per process. */
export class RenderPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(onExit: () => void) {
    for (let i = 0; i < WORKERS; i++) {
      const worker = startWorker('site/render-worker', { resourceLimits });
      worker.unref();
      worker.on('message', (message: { id: number; body?: RenderedBody; error?: string }) => {
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        this.idleCheck();
        if (message.body) pending?.resolve(message.body);
        else pending?.reject(new Error(message.error ?? 'render worker failed'));
      });
      const fail = (error: Error) => {
        for (const p of this.pending.values()) p.reject(error);
        this.pending.clear();
        this.idleCheck();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => {
        onExit();
        fail(new Error(`render worker exited with code ${code}`));
      });
      this.workers.push(worker);
    }
  }

  private idleCheck(): void {
    if (this.pending.size === 0) for (const w of this.workers) w.unref();
  }

  /** Tells every worker about a site space (a key of its own), before its pages. */
  space(message: Omit<RenderSpaceMessage, 'type'>): void {
    for (const worker of this.workers) worker.postMessage({ type: 'space', ...message });
  }

  /** Renders a page of space `space` from its parsed body (JSON) or, failing that, its markdown. */
  render(space: string, page: DocumentPage, source: NonNullable<PageSource>): Promise<RenderedBody> {
    const id = this.nextId++;
    const worker = this.workers[id % this.workers.length]!;
    // Referenced while it has work, so the process waits for it; unreferenced when idle, so it never keeps one alive.
    if (this.pending.size === 0) for (const w of this.workers) w.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ type: 'page', id, space, page, source } satisfies RenderPageMessage);
    });
  }
}
