import { LRUCache } from 'lru-cache';
import type { DocumentPage, RevisionContent } from '../model/index.js';
import type { RenderedBody } from './render/markdown.js';
import type { PageSource, SpaceRender } from './render/page-body.js';
import { WorkerClient } from '../platform/worker-threads.js';

/** Below this many pages to render, the build renders them itself: starting workers costs more. */
export const RENDER_WORKERS_FROM = 64;
/** With Shiki on the highlight worker, 16 MB renders as fast as 32 did, for 20 MB less peak RSS. */
const resourceLimits = { maxYoungGenerationSizeMb: 16 };

/**
 * The revision contents the worker keeps, the latest used first: it keeps more than the pool remembers having sent
 * (both count uses in the same order), so a content the pool names without sending it is always there.
 */
export const WORKER_CONTENTS = 8;
const SENT_CONTENTS = WORKER_CONTENTS / 2;

export interface RenderSpaceMessage {
  type: 'space';
  key: string;
  /** The revision content's key on the worker; the content itself only the first time (it is 10,000 pages at most). */
  contentKey: string;
  content?: RevisionContent;
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

  /** The contents sent to the worker, and their key there. */
  private readonly sent = new LRUCache<RevisionContent, string>({ max: SENT_CONTENTS });
  private contents = 0;

  /** Tells the worker about a site space (a key of its own), before its pages. */
  space(message: Omit<RenderSpaceMessage, 'type' | 'contentKey' | 'content'> & { content: RevisionContent }): void {
    const { content, ...rest } = message;
    const known = this.sent.get(content);
    if (known !== undefined) return this.client.post({ type: 'space', ...rest, contentKey: known } satisfies RenderSpaceMessage);
    const contentKey = String(this.contents++);
    this.sent.set(content, contentKey);
    this.client.post({ type: 'space', ...rest, contentKey, content } satisfies RenderSpaceMessage);
  }

  /** Renders a page of space `space` from its parsed body (JSON) or, failing that, its markdown. */
  render(space: string, page: DocumentPage, source: NonNullable<PageSource>): Promise<RenderedBody> {
    return this.client.request<RenderedBody>({ type: 'page', space, page, source } satisfies Omit<RenderPageMessage, 'id'>);
  }
}
