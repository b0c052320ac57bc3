// Processing a spec, as a job: `pending` -> `progress` -> `complete`. The source is read (a URL through the guarded
// fetch, with its timeout), checked, and on success becomes a new version. A run that fails is `complete` too, its
// error showing (GitBook's states have no other end). A fetch that failed is run again with the job's backoff
// (`progress` -> `complete` again, the error replaced by a version or the new error) until the last attempt; a bad
// document is not retried.
import { newId, type OpenAPIErrorCode, type OpenAPISpecRecord } from '../../model/index.js';
import type { OpenAPIOutcome } from '../../store/index.js';
import { type Deps, nowIso } from '../core/context.js';
import { DomainError } from '../core/errors.js';
import { fetchUrl, type FetchPolicy } from '../core/fetch.js';
import { type CheckResult, checkOffThread } from './checker.js';

export const PROCESS_JOB = 'openapi.process';
/** Attempts at reading a spec's URL before its error is final (the job is retried with backoff in between). */
export const FETCH_ATTEMPTS = 3;

export interface ProcessPayload {
  spec: string;
  generation: number;
  /** The source this generation was given (absent in jobs scheduled before it was recorded: the spec's is read). */
  source?: { url: string | null; blob: string | null };
}

type Read = { text: string; url: string | null; fileName: string } | { code: OpenAPIErrorCode; message: string };

export async function processSpec(deps: Deps, policy: FetchPolicy, payload: ProcessPayload): Promise<void> {
  const { store } = deps;
  if (!(await store.openapi.start(payload.spec, payload.generation, nowIso(deps)))) return await processOlder(deps, policy, payload);
  const spec = (await store.openapi.get(payload.spec))!;
  const read = await readSource(deps, policy, payload.source ?? { url: spec.sourceUrl, blob: spec.sourceBlob });
  const outcome: OpenAPIOutcome =
    'code' in read
      ? { kind: 'error', code: read.code, errors: [{ code: read.code, message: read.message }] }
      : await checked(deps, spec, payload.generation, read);
  const written = await store.tx(async () => await store.openapi.finish(spec.id, payload.generation, outcome, nowIso(deps)));
  // Updated again while this run read its source: its version still counts, listed before the newer one's.
  if (!written && outcome.kind === 'version') await store.openapi.addVersion(outcome.version);
  // A failed fetch: the job runs again (after its backoff) while attempts remain.
  if (written && 'code' in read && spec.attempts < FETCH_ATTEMPTS) throw new Error(read.message);
}

/**
 * A source updated again before its run: it still makes its own version, listed before the newer ones (by generation),
 * the spec's state left to the newer run. Its errors are dropped: the newer source is what the spec shows.
 */
async function processOlder(deps: Deps, policy: FetchPolicy, payload: ProcessPayload): Promise<void> {
  const spec = await deps.store.openapi.get(payload.spec);
  if (!spec || !payload.source || spec.generation < payload.generation) return;
  const read = await readSource(deps, policy, payload.source);
  if ('code' in read) return;
  const outcome = await checked(deps, spec, payload.generation, read);
  if (outcome.kind === 'version') await deps.store.openapi.addVersion(outcome.version);
}

async function checked(deps: Deps, spec: OpenAPISpecRecord, generation: number, read: Extract<Read, { text: string }>): Promise<OpenAPIOutcome> {
  let result: CheckResult;
  try {
    result = await checkOffThread(read.text);
  } catch (error) {
    result = { ok: false, errors: [{ code: 'INVALID_SPECIFICATION', message: `The document could not be read: ${(error as Error).message}` }] };
  }
  if (!result.ok) return { kind: 'error', code: 'PARSE_ERROR', errors: result.errors };
  const blob = await deps.store.blobs.put(Buffer.from(read.text, 'utf8'));
  const fileName = /\.(json|ya?ml)$/i.test(read.fileName) ? read.fileName : `openapi.${result.format}`;
  return {
    kind: 'version',
    version: {
      id: newId(),
      specId: spec.id,
      blob,
      sourceUrl: read.url,
      fileName,
      format: result.format,
      openapiVersion: result.openapiVersion,
      generation,
      createdAt: nowIso(deps),
    },
  };
}

async function readSource(deps: Deps, policy: FetchPolicy, source: { url: string | null; blob: string | null }): Promise<Read> {
  if (source.blob) {
    const bytes = await deps.store.blobs.get(source.blob);
    if (!bytes) return { code: 'FETCH_ERROR', message: 'The text of this spec is missing from the blob store' };
    return { text: decode(bytes), url: null, fileName: 'openapi' };
  }
  const url = source.url!;
  const started = performance.now();
  try {
    const fetched = await fetchUrl(url, 'source.url', policy);
    return { text: decode(fetched.bytes), url: fetched.url, fileName: lastSegment(fetched.url) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const timedOut = /within \d+ ms/.test(error.message) || performance.now() - started >= policy.timeoutMs;
    const message = error.message.replace(/^source\.url: /, '');
    return timedOut
      ? { code: 'FETCH_TIMEOUT', message: `${url} did not answer within ${policy.timeoutMs} ms` }
      : { code: 'FETCH_ERROR', message: message.charAt(0).toUpperCase() + message.slice(1) };
  }
}

function lastSegment(url: string): string {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const decode = (bytes: Buffer) => bytes.toString('utf8').replace(/^\uFEFF/, '');
