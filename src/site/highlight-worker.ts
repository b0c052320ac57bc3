// Worker thread entry: highlights code blocks for the site build (see highlight-pool.ts).
import { parentPort } from 'node:worker_threads';
import type { HighlightMessage } from './highlight-pool.js';
import { highlight, useHighlighter } from './render/highlight.js';
import { answer } from '../platform/worker-threads.js';

// Shiki's start-up (themes, the regex engine) runs while the first blocks are on their way; a failure shows on a page.
useHighlighter([]).catch(() => {});

parentPort?.on(
  'message',
  answer<HighlightMessage>(async ({ blocks }) => {
    await useHighlighter(blocks.flatMap(([lang]) => (lang ? [lang] : [])));
    return blocks.map(([lang, code]) => highlight(code, lang));
  }),
);
