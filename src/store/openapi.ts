import type { OpenAPIVersionRecord, OpenAPIErrorCode, OpenAPIError, OpenAPISpecRecord, OpenAPIVisibility } from '../model/openapi.js';

/**
 * The outcome of one processing run, written only if the spec's generation is still the one it started from. Either
 * way the run is `complete`: an error is the run's result, shown until a later run (a retry, a new source) replaces it.
 */
export type OpenAPIOutcome = { kind: 'version'; version: OpenAPIVersionRecord } | { kind: 'error'; code: OpenAPIErrorCode; errors: OpenAPIError[] };

/** OpenAPI specs of organizations and their versions. */
export interface OpenAPIRepo {
  get(id: string): Promise<OpenAPISpecRecord | undefined>;
  bySlug(organizationId: string, slug: string): Promise<OpenAPISpecRecord | undefined>;
  in(organizationId: string): Promise<OpenAPISpecRecord[]>;
  insert(s: OpenAPISpecRecord): Promise<void>;
  /** A new source: the next generation, waiting to be processed. Returns that generation. */
  setSource(id: string, source: { url: string | null; blob: string | null }, now: string): Promise<number>;
  setVisibility(id: string, visibility: OpenAPIVisibility, now: string): Promise<void>;
  /** Marks a run of `generation` started (`progress`, one more attempt); false when the spec moved on or is gone. */
  start(id: string, generation: number, now: string): Promise<boolean>;
  /** Writes a run's outcome if `generation` is still current (one transaction with the new version); false otherwise. */
  finish(id: string, generation: number, outcome: OpenAPIOutcome, now: string): Promise<boolean>;
  /** A version made from an older generation than the current one: listed, the spec's state untouched; false when the spec is gone. */
  addVersion(v: OpenAPIVersionRecord): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /** Newest first. */
  versions(specId: string): Promise<OpenAPIVersionRecord[]>;
  version(specId: string, versionId: string): Promise<OpenAPIVersionRecord | undefined>;
}
