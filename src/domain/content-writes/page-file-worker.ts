// Worker thread entry: parses page files posted by page-file-parse.ts (markdown from API writes and imports).
import { parentPort } from 'node:worker_threads';
import { MARKDOWN_LIMITS, treeTooDeep } from '../../content/limits.js';
import { parsePageFile } from '../../content/page-file.js';

/** Of positions, the write-back needs offsets alone: `[start, end]` keeps the posted string compact (see page-file-parse.ts). */
const offsetsOnly = (key: string, value: unknown) => {
  if (key !== 'position') return value;
  const position = value as { start: { offset?: number }; end: { offset?: number } };
  return position.start.offset === undefined || position.end.offset === undefined ? undefined : [position.start.offset, position.end.offset];
};

parentPort?.on('message', (message: { id: number; text: string; title?: string | null }) => {
  try {
    const { body, ...page } = parsePageFile(message.text, { title: message.title });
    const depth = treeTooDeep(body);
    if (depth !== null) throw new Error(`it nests blocks and marks ${depth} levels deep; at most ${MARKDOWN_LIMITS.maxTreeDepth} are allowed`);
    parentPort!.postMessage({ id: message.id, page, body: JSON.stringify(body, offsetsOnly) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: (error as Error).message });
  }
});
