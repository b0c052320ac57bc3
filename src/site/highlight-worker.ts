// Worker thread entry: highlights code blocks for the site build (see highlight-pool.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { type HighlightMessage, PROGRESS } from './highlight-pool.js';
import { highlight, useHighlighter } from './render/highlight.js';
import { answer } from '../platform/worker-threads.js';

/** What the watchdog reads: see `PROGRESS`. */
const progress = (workerData as { progress: Int32Array }).progress;

// Shiki's start-up (themes, the regex engine) runs while the first blocks are on their way; a failure shows on a page.
useHighlighter([]).catch(() => {});

/** The request before: requests are answered in the order they came (the build's), whichever grammar loads first. */
let turn: Promise<unknown> = Promise.resolve();

parentPort?.on(
  'message',
  answer<HighlightMessage>(({ seq, blocks }) => {
    const grammars = useHighlighter(blocks.flatMap(([lang]) => (lang ? [lang] : [])));
    const answered = Promise.all([grammars, turn]).then(() => highlightAll(seq, blocks));
    turn = answered.catch(() => {});
    return answered;
  }),
);

function highlightAll(seq: number, blocks: HighlightMessage['blocks']): string[] {
  try {
    return blocks.map(([lang, code], i) => {
      Atomics.store(progress, PROGRESS.block, i);
      Atomics.store(progress, PROGRESS.seq, seq);
      const block = highlight(code, lang);
      Atomics.add(progress, PROGRESS.done, 1);
      return block;
    });
  } finally {
    Atomics.store(progress, PROGRESS.seq, 0);
  }
}
