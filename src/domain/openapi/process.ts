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
}

type Read = { text: string; url: string | null; fileName: string } | { code: OpenAPIErrorCode; message: string };

export async function processSpec(deps: Deps, policy: FetchPolicy, payload: ProcessPayload): Promise<void> {
  const { store } = deps;
  if (!(await store.openapi.start(payload.spec, payload.generation, nowIso(deps)))) return;
  const spec = (await store.openapi.get(payload.spec))!;
  const read = await readSource(deps, policy, spec);
  const outcome: OpenAPIOutcome =
    'code' in read ? { kind: 'error', code: read.code, errors: [{ code: read.code, message: read.message }] } : await checked(deps, spec, read);
  const written = await store.tx(async () => await store.openapi.finish(spec.id, payload.generation, outcome, nowIso(deps)));
  // A failed fetch: the job runs again (after its backoff) while attempts remain.
  if (written && 'code' in read && spec.attempts < FETCH_ATTEMPTS) throw new Error(read.message);
}

async function checked(deps: Deps, spec: OpenAPISpecRecord, read: Extract<Read, { text: string }>): Promise<OpenAPIOutcome> {
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
      createdAt: nowIso(deps),
    },
  };
}

async function readSource(deps: Deps, policy: FetchPolicy, spec: OpenAPISpecRecord): Promise<Read> {
  if (spec.sourceBlob) {
    const bytes = await deps.store.blobs.get(spec.sourceBlob);
    if (!bytes) return { code: 'FETCH_ERROR', message: 'The text of this spec is missing from the blob store' };
    return { text: decode(bytes), url: null, fileName: 'openapi' };
  }
  const url = spec.sourceUrl!;
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
