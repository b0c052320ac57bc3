// Markdown from a request is parsed off the request thread: on a worker with a time and a heap limit, after the
// size and nesting limits are checked, so one pathological page answers a clear error and other requests go on.
// Idle workers are kept for the next page; a worker that runs out of time is stopped.
import { MARKDOWN_LIMITS, markdownLimitProblem } from '../../content/limits.js';
import type { PageFile } from '../../content/page-file.js';
import { DomainError } from '../core/errors.js';
import { WorkerPool, WorkerTaskError } from '../../platform/worker-threads.js';

const parsers = new WorkerPool('domain/content-writes/page-file-worker', {
  size: 2,
  idleMs: 30_000,
  worker: { resourceLimits: { maxOldGenerationSizeMb: MARKDOWN_LIMITS.parseMemoryMb, maxYoungGenerationSizeMb: 32 } },
  // A page waits for a worker only so long: a flood of slow pages cannot hold every other write.
  maxWaitMs: MARKDOWN_LIMITS.parseTimeMs / 2,
  waitError: () => new DomainError('unavailable', 'the markdown parsers are busy with other pages; try again'),
});

/** Throws a DomainError naming `field` when `text` is over the markdown limits. */
export function checkMarkdownLimits(text: string, field: string): void {
  const problem = markdownLimitProblem(text);
  if (problem) throw new DomainError(problem.kind, `${field}: ${problem.message}`);
}

/** `parsePageFile(text, { title })` with offsets for positions, within the markdown limits, on a worker thread; errors name `field`. */
export async function parsePageFileOffThread(text: string, field: string, title?: string | null): Promise<PageFile> {
  checkMarkdownLimits(text, field);
  const seconds = MARKDOWN_LIMITS.parseTimeMs / 1000;
  try {
    const { page, body } = await parsers.run<{ page: Omit<PageFile, 'body'>; body: string }>(
      { text, title },
      {
        timeoutMs: MARKDOWN_LIMITS.parseTimeMs,
        timeoutError: () =>
          new DomainError('invalid', `${field}: the markdown took more than ${seconds} s to parse; split the page or simplify its nesting and emphasis`),
      },
    );
    return { ...page, body: JSON.parse(body, withOffsets) as PageFile['body'] };
  } catch (error) {
    if (error instanceof WorkerTaskError) throw new DomainError('invalid', `${field}: the markdown could not be parsed (${error.message})`);
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new DomainError('too-large', `${field}: parsing the markdown needs more than ${MARKDOWN_LIMITS.parseMemoryMb} MB; split the page`);
    }
    throw error;
  }
}

/** Positions come back as `[start, end]` offsets (page-file-worker.ts): enough for the write-back, which reads no lines. */
const withOffsets = (key: string, value: unknown) =>
  key === 'position' && Array.isArray(value)
    ? { start: { line: 0, column: 0, offset: value[0] as number }, end: { line: 0, column: 0, offset: value[1] as number } }
    : value;
