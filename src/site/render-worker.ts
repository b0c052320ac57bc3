// Worker thread entry: renders page bodies for the site build (see render-pool.ts).
import { parentPort } from 'node:worker_threads';
import { RevisionIndex } from '../domain/content/revision-index.js';
import { useHighlighter } from './render/highlight.js';
import { pageRoot, renderPageBody, reusableFrom, type SpaceRender } from './render/page-body.js';
import type { RenderPageMessage, RenderSpaceMessage } from './render-pool.js';
import { SpaceUrls } from './urls.js';

/** The site spaces of the latest builds (a build sends each of its spaces before their pages). */
const spaces = new Map<string, SpaceRender>();
const SPACES_KEPT = 16;

// Shiki's start-up (themes, the regex engine) runs while the first pages are on their way; a failure shows on a page.
useHighlighter([]).catch(() => {});

type Message = RenderSpaceMessage | RenderPageMessage;

parentPort?.on('message', async (message: Message) => {
  if (message.type === 'space') {
    const includes = new Map(message.includes);
    spaces.set(message.key, {
      index: new RevisionIndex(message.content),
      urls: new SpaceUrls(message.base, message.prefix),
      options: message.options,
      reusable: reusableFrom((gitPath) => includes.get(gitPath) ?? null),
    });
    for (const key of spaces.keys()) if (spaces.size > SPACES_KEPT) spaces.delete(key);
    return;
  }
  try {
    const space = spaces.get(message.space);
    if (!space) throw new Error(`unknown site space ${message.space}`);
    const { page, source } = message;
    const body = await renderPageBody(space, page, pageRoot(page, source), undefined, 'sections' in source ? source.sections : null);
    parentPort!.postMessage({ id: message.id, body });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: (error as Error).message });
  }
});
