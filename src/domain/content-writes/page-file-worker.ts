// Worker thread entry: parses page files posted by page-file-parse.ts (markdown from API writes and imports).
import { parentPort } from 'node:worker_threads';
import { MARKDOWN_LIMITS, treeTooDeep } from '../../content/limits.js';
import { parsePageFile } from '../../content/page-file.js';
import { answer } from '../../platform/worker-threads.js';

/** Of positions, the write-back needs offsets alone: `[start, end]` keeps the posted string compact (see page-file-parse.ts). */
const offsetsOnly = (key: string, value: unknown) => {
  if (key !== 'position') return value;
  const position = value as { start: { offset?: number }; end: { offset?: number } };
  return position.start.offset === undefined || position.end.offset === undefined ? undefined : [position.start.offset, position.end.offset];
};

parentPort?.on(
  'message',
  answer<{ id: number; text: string; title?: string | null }>(({ text, title }) => {
    const { body, ...page } = parsePageFile(text, { title });
    const depth = treeTooDeep(body);
    if (depth !== null) throw new Error(`it nests blocks and marks ${depth} levels deep; at most ${MARKDOWN_LIMITS.maxTreeDepth} are allowed`);
    return { page, body: JSON.stringify(body, offsetsOnly) };
  }),
);
