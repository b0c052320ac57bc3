// Worker thread entry: renders page bodies for the site build (see render-pool.ts).
import { LRUCache } from 'lru-cache';
import { parentPort } from 'node:worker_threads';
import { RevisionIndex } from '../domain/content/revision-index.js';
import { renderPageBody, reusableFrom, type SpaceRender } from './render/page-body.js';
import { type RenderPageMessage, type RenderSpaceMessage, WORKER_CONTENTS } from './render-pool.js';
import { SpaceUrls } from './urls.js';
import { answer } from '../platform/worker-threads.js';

/** The site spaces of the latest builds (a build sends each of its spaces before their pages). */
const spaces = new LRUCache<string, SpaceRender>({ max: 16 });
/** The revision contents those spaces render, indexed once each (see `WORKER_CONTENTS`). */
const contents = new LRUCache<string, { index: RevisionIndex; urls: Map<string, SpaceUrls> }>({ max: WORKER_CONTENTS });

const renderPage = answer<RenderPageMessage>(({ space: key, page, source }) => {
  const space = spaces.get(key);
  if (!space) throw new Error(`unknown site space ${key}`);
  return renderPageBody(space, page, source);
});

parentPort?.on('message', (message: RenderSpaceMessage | RenderPageMessage) => {
  if (message.type === 'page') return void renderPage(message);
  const includes = new Map(message.includes);
  let content = contents.get(message.contentKey);
  if (message.content) contents.set(message.contentKey, (content = { index: new RevisionIndex(message.content), urls: new Map() }));
  if (!content) throw new Error(`unknown revision content ${message.contentKey}`);
  const at = `${message.base}\0${message.prefix}`;
  let urls = content.urls.get(at);
  if (!urls) content.urls.set(at, (urls = new SpaceUrls(message.base, message.prefix, content.index.content.pages)));
  spaces.set(message.key, {
    index: content.index,
    urls,
    options: message.options,
    reusable: reusableFrom((gitPath) => includes.get(gitPath) ?? null),
  });
});
