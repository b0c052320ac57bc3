// Worker thread entry: parses page files posted by page-file-parse.ts (markdown from API writes and imports).
import { parentPort } from 'node:worker_threads';
import { MARKDOWN_LIMITS, treeTooDeep } from '../content/limits.js';
import { parsePageFile } from '../content/page-file.js';

/** Positions are only needed while parsing; without them the tree posts as a compact string. */
const withoutPositions = (key: string, value: unknown) => (key === 'position' ? undefined : value);

parentPort?.on('message', (message: { id: number; text: string; title?: string | null }) => {
  try {
    const { body, ...page } = parsePageFile(message.text, { title: message.title });
    const depth = treeTooDeep(body);
    if (depth !== null) throw new Error(`it nests blocks and marks ${depth} levels deep; at most ${MARKDOWN_LIMITS.maxTreeDepth} are allowed`);
    parentPort!.postMessage({ id: message.id, page, body: JSON.stringify(body, withoutPositions) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: (error as Error).message });
  }
});
