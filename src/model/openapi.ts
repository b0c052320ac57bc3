export interface OpenAPIError {
  message: string;
  code?: string;
}

export interface OpenAPISpecRecord {
  id: string;
  organizationId: string;
  slug: string;
  /** Exactly one of the two is set: where the spec is fetched from, or the blob oid of the text it was given. */
  sourceUrl: string | null;
  sourceBlob: string | null;
  visibility: OpenAPIVisibility;
  processingState: OpenAPIProcessingState;
  /** Bumped whenever the source is set: a processing run started from an older generation keeps its result to itself. */
  generation: number;
  /** Processing attempts for the current generation. */
  attempts: number;
  lastVersionId: string | null;
  lastProcessedAt: string | null;
  lastErrorCode: OpenAPIErrorCode | null;
  lastErrors: OpenAPIError[] | null;
  createdAt: string;
  updatedAt: string;
}

export interface OpenAPIVersionRecord {
  id: string;
  specId: string;
  /** Git blob oid of the processed text. */
  blob: string;
  /** The URL it was read from (after redirects); null for a text source. */
  sourceUrl: string | null;
  /** The file name the text goes by: the URL's last segment, or `openapi.json` / `openapi.yaml`. */
  fileName: string;
  format: 'json' | 'yaml';
  /** `openapi` or `swagger` field of the document, e.g. `3.1.0` or `2.0`. */
  openapiVersion: string;
  /** The spec's generation (its source update) the version was made from: versions are ordered by it. */
  generation: number;
  createdAt: string;
}

export type OpenAPIProcessingState = 'pending' | 'progress' | 'complete';

export type OpenAPIVisibility = 'private' | 'public';

export type OpenAPIErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';
