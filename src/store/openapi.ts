import type { OpenAPIVersionRecord, OpenAPIErrorCode, OpenAPIError, OpenAPISpecRecord, OpenAPIVisibility } from '../model/openapi.js';

/** The outcome of one processing run, written only if the spec's generation is still the one it started from. */
export type OpenAPIOutcome =
  | { kind: 'version'; version: OpenAPIVersionRecord }
  | { kind: 'error'; code: OpenAPIErrorCode; errors: OpenAPIError[]; final: boolean };

/** OpenAPI specs of organizations and their versions. */
export interface OpenAPIRepo {
  get(id: string): OpenAPISpecRecord | undefined;
  bySlug(organizationId: string, slug: string): OpenAPISpecRecord | undefined;
  in(organizationId: string): OpenAPISpecRecord[];
  insert(s: OpenAPISpecRecord): void;
  /** A new source: the next generation, waiting to be processed. Returns that generation. */
  setSource(id: string, source: { url: string | null; blob: string | null }, now: string): number;
  setVisibility(id: string, visibility: OpenAPIVisibility, now: string): void;
  /** Marks a run of `generation` started (`progress`, one more attempt); false when the spec moved on or is gone. */
  start(id: string, generation: number, now: string): boolean;
  /** Writes a run's outcome if `generation` is still current (one transaction with the new version); false otherwise. */
  finish(id: string, generation: number, outcome: OpenAPIOutcome, now: string): boolean;
  delete(id: string): boolean;
  /** Newest first. */
  versions(specId: string): OpenAPIVersionRecord[];
  version(specId: string, versionId: string): OpenAPIVersionRecord | undefined;
}
