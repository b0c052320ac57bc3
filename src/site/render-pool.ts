/**
 * Renders page bodies on a worker thread while the build's thread writes the pages already rendered: for cold builds
 * of big sites, where rendering is most of the time. The results are the same as rendering on the build's thread (a
 * test compares them); pages that may hold OpenAPI blocks stay there, with the site's specs. The first big build of
 * a process starts the pool; it stays, warm and unreferenced, for the next builds (`docs watch` rebuilds one page
 * at a time), so they need no highlighter of their own. One worker: this thread and the highlight worker keep the
 * other core busy; a second render worker only made them wait on each other.
 */
import type { RevisionContent } from '../store/index.js';
import type { DocumentPage } from '../store/index.js';
import type { RenderedBody } from './render/markdown.js';
import type { PageSource, SpaceRender } from './render/page-body.js';
import { WorkerClient } from '../domain/worker-threads.js';

/** Below this many pages to render, the build renders them itself: starting workers costs more. */
export const RENDER_WORKERS_FROM = 64;
/** With Shiki on the highlight worker, 16 MB renders as fast as 32 did, for 20 MB less peak RSS. */
const resourceLimits = { maxYoungGenerationSizeMb: 16 };

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
  /** Leave the code blocks to the highlight worker (see `RenderedBody.code`). */
  deferCode: boolean;
}

let shared: RenderPool | undefined;

/** The process's render pool, started now when `start` (else only if an earlier build started it). */
export function renderPool(start: boolean): RenderPool | undefined {
  if (!shared?.alive && start) shared = new RenderPool();
  return shared?.alive ? shared : undefined;
}

/** Use `renderPool()`: one per process. */
export class RenderPool {
  private readonly client = new WorkerClient('site/render-worker', { resourceLimits });

  get alive(): boolean {
    return this.client.alive;
  }

  /** Tells the worker about a site space (a key of its own), before its pages. */
  space(message: Omit<RenderSpaceMessage, 'type'>): void {
    this.client.post({ type: 'space', ...message } satisfies RenderSpaceMessage);
  }

  /** Renders a page of space `space` from its parsed body (JSON) or, failing that, its markdown. */
  render(space: string, page: DocumentPage, source: NonNullable<PageSource>, deferCode: boolean): Promise<RenderedBody> {
    return this.client.request<RenderedBody>({ type: 'page', space, page, source, deferCode } satisfies Omit<RenderPageMessage, 'id'>);
  }
}
