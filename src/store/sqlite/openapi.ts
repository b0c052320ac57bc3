import type {
  OpenAPISpecRecord,
  OpenAPIVisibility,
  OpenAPIProcessingState,
  OpenAPIErrorCode,
  OpenAPIError,
  OpenAPIVersionRecord,
} from '../../model/openapi.js';
import type { OpenAPIRepo, OpenAPIOutcome } from '../openapi.js';
import { json, optStr, str } from './codec.js';
import type { Db, Row, Sync } from './db.js';
const toSpec = (r: Row): OpenAPISpecRecord => ({
  id: str(r.id),
  organizationId: str(r.organization_id),
  slug: str(r.slug),
  sourceUrl: optStr(r.source_url),
  sourceBlob: optStr(r.source_blob),
  visibility: r.visibility as OpenAPIVisibility,
  processingState: r.processing_state as OpenAPIProcessingState,
  generation: Number(r.generation),
  attempts: Number(r.attempts),
  lastVersionId: optStr(r.last_version_id),
  lastProcessedAt: optStr(r.last_processed_at),
  lastErrorCode: optStr(r.last_error_code) as OpenAPIErrorCode | null,
  lastErrors: r.last_errors === null || r.last_errors === undefined ? null : json<OpenAPIError[]>(r.last_errors),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

const toVersion = (r: Row): OpenAPIVersionRecord => ({
  id: str(r.id),
  specId: str(r.spec_id),
  blob: str(r.blob),
  sourceUrl: optStr(r.source_url),
  fileName: str(r.file_name),
  format: r.format as 'json' | 'yaml',
  openapiVersion: str(r.openapi_version),
  createdAt: str(r.created_at),
});

/** OpenAPI specs of organizations and their versions. */
export class SqliteOpenAPIRepo implements Sync<OpenAPIRepo> {
  constructor(private readonly db: Db) {}

  get(id: string): OpenAPISpecRecord | undefined {
    const row = this.db.get('SELECT * FROM openapi_specs WHERE id = ?', id);
    return row && toSpec(row);
  }

  bySlug(organizationId: string, slug: string): OpenAPISpecRecord | undefined {
    const row = this.db.get('SELECT * FROM openapi_specs WHERE organization_id = ? AND slug = ?', organizationId, slug);
    return row && toSpec(row);
  }

  in(organizationId: string): OpenAPISpecRecord[] {
    return this.db.all('SELECT * FROM openapi_specs WHERE organization_id = ? ORDER BY created_at, id', organizationId).map(toSpec);
  }

  insert(s: OpenAPISpecRecord): void {
    this.db.run(
      `INSERT INTO openapi_specs (id, organization_id, slug, source_url, source_blob, visibility, processing_state, generation, attempts,
         last_version_id, last_processed_at, last_error_code, last_errors, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      s.id,
      s.organizationId,
      s.slug,
      s.sourceUrl,
      s.sourceBlob,
      s.visibility,
      s.processingState,
      s.generation,
      s.attempts,
      s.lastVersionId,
      s.lastProcessedAt,
      s.lastErrorCode,
      s.lastErrors && JSON.stringify(s.lastErrors),
      s.createdAt,
      s.updatedAt,
    );
  }

  /** A new source: the next generation, waiting to be processed. Returns that generation. */
  setSource(id: string, source: { url: string | null; blob: string | null }, now: string): number {
    this.db.run(
      `UPDATE openapi_specs SET source_url = ?, source_blob = ?, generation = generation + 1, attempts = 0, processing_state = 'pending',
         updated_at = ? WHERE id = ?`,
      source.url,
      source.blob,
      now,
      id,
    );
    return this.get(id)!.generation;
  }

  setVisibility(id: string, visibility: OpenAPIVisibility, now: string): void {
    this.db.run('UPDATE openapi_specs SET visibility = ?, updated_at = ? WHERE id = ?', visibility, now, id);
  }

  /** Marks a run of `generation` started (`progress`, one more attempt); false when the spec moved on or is gone. */
  start(id: string, generation: number, now: string): boolean {
    return (
      this.db.run(
        "UPDATE openapi_specs SET processing_state = 'progress', attempts = attempts + 1, updated_at = ? WHERE id = ? AND generation = ?",
        now,
        id,
        generation,
      ) === 1
    );
  }

  /** Writes a run's outcome if `generation` is still current (one transaction with the new version); false otherwise. */
  finish(id: string, generation: number, outcome: OpenAPIOutcome, now: string): boolean {
    const current = this.get(id);
    if (!current || current.generation !== generation) return false;
    if (outcome.kind === 'version') {
      const v = outcome.version;
      this.db.run(
        `INSERT INTO openapi_spec_versions (id, spec_id, blob, source_url, file_name, format, openapi_version, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        v.id,
        v.specId,
        v.blob,
        v.sourceUrl,
        v.fileName,
        v.format,
        v.openapiVersion,
        v.createdAt,
      );
      this.db.run(
        `UPDATE openapi_specs SET processing_state = 'complete', last_version_id = ?, last_processed_at = ?, last_error_code = NULL,
           last_errors = NULL, updated_at = ? WHERE id = ?`,
        v.id,
        now,
        now,
        id,
      );
    } else {
      this.db.run(
        'UPDATE openapi_specs SET processing_state = ?, last_processed_at = ?, last_error_code = ?, last_errors = ?, updated_at = ? WHERE id = ?',
        outcome.final ? 'complete' : 'pending',
        now,
        outcome.code,
        JSON.stringify(outcome.errors),
        now,
        id,
      );
    }
    return true;
  }

  delete(id: string): boolean {
    return this.db.run('DELETE FROM openapi_specs WHERE id = ?', id) === 1;
  }

  /** Newest first. */
  versions(specId: string): OpenAPIVersionRecord[] {
    return this.db.all('SELECT * FROM openapi_spec_versions WHERE spec_id = ? ORDER BY created_at DESC, rowid DESC', specId).map(toVersion);
  }

  version(specId: string, versionId: string): OpenAPIVersionRecord | undefined {
    const row = this.db.get('SELECT * FROM openapi_spec_versions WHERE spec_id = ? AND id = ?', specId, versionId);
    return row && toVersion(row);
  }
}
