import type { OpenAPISpecRecord, OpenAPIVisibility, OpenAPIVersionRecord } from '../../model/openapi.js';
import type { OpenAPIRepo, OpenAPIOutcome } from '../openapi.js';
import { asJson } from './codec.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';

/** OpenAPI specs of organizations and their versions. */
export class SqlOpenAPIRepo implements Queries<OpenAPIRepo> {
  private readonly specRows: Table<OpenAPISpecRecord>;
  private readonly versionRows: Table<OpenAPIVersionRecord>;
  constructor() {
    this.specRows = new Table<OpenAPISpecRecord>('openapi_specs', { codecs: { lastErrors: asJson } });
    this.versionRows = new Table<OpenAPIVersionRecord>('openapi_spec_versions');
  }

  *get(id: string): Query<OpenAPISpecRecord | undefined> {
    return yield* this.specRows.one('SELECT * FROM openapi_specs WHERE id = ?', id);
  }

  *bySlug(organizationId: string, slug: string): Query<OpenAPISpecRecord | undefined> {
    return yield* this.specRows.one('SELECT * FROM openapi_specs WHERE organization_id = ? AND slug = ?', organizationId, slug);
  }

  *in(organizationId: string): Query<OpenAPISpecRecord[]> {
    return yield* this.specRows.many('SELECT * FROM openapi_specs WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  *insert(s: OpenAPISpecRecord): Query<void> {
    yield* this.specRows.insert(s);
  }

  /** A new source: the next generation, waiting to be processed. Returns that generation. */
  *setSource(id: string, source: { url: string | null; blob: string | null }, now: string): Query<number> {
    yield* sql.run(
      `UPDATE openapi_specs SET source_url = ?, source_blob = ?, generation = generation + 1, attempts = 0, processing_state = 'pending',
         updated_at = ? WHERE id = ?`,
      source.url,
      source.blob,
      now,
      id,
    );
    return (yield* this.get(id))!.generation;
  }

  *setVisibility(id: string, visibility: OpenAPIVisibility, now: string): Query<void> {
    yield* sql.run('UPDATE openapi_specs SET visibility = ?, updated_at = ? WHERE id = ?', visibility, now, id);
  }

  /** Marks a run of `generation` started (`progress`, one more attempt); false when the spec moved on or is gone. */
  *start(id: string, generation: number, now: string): Query<boolean> {
    return (
      (yield* sql.run(
        "UPDATE openapi_specs SET processing_state = 'progress', attempts = attempts + 1, updated_at = ? WHERE id = ? AND generation = ?",
        now,
        id,
        generation,
      )) === 1
    );
  }

  /** Writes a run's outcome if `generation` is still current (one transaction with the new version); false otherwise. */
  *finish(id: string, generation: number, outcome: OpenAPIOutcome, now: string): Query<boolean> {
    const current = yield* this.get(id);
    if (!current || current.generation !== generation) return false;
    if (outcome.kind === 'version') {
      const v = outcome.version;
      yield* this.insertVersion(v);
      yield* sql.run(
        `UPDATE openapi_specs SET processing_state = 'complete', last_version_id = ?, last_processed_at = ?, last_error_code = NULL,
           last_errors = NULL, updated_at = ? WHERE id = ?`,
        v.id,
        now,
        now,
        id,
      );
    } else {
      yield* sql.run(
        `UPDATE openapi_specs SET processing_state = 'complete', last_processed_at = ?, last_error_code = ?, last_errors = ?, updated_at = ?
           WHERE id = ?`,
        now,
        outcome.code,
        JSON.stringify(outcome.errors),
        now,
        id,
      );
    }
    return true;
  }

  /** A version made from an older generation than the current one: listed in its place, the spec's state untouched. */
  *addVersion(v: OpenAPIVersionRecord): Query<boolean> {
    if (!(yield* this.get(v.specId))) return false;
    yield* this.insertVersion(v);
    return true;
  }

  private *insertVersion(v: OpenAPIVersionRecord): Query<void> {
    yield* sql.run(
      `INSERT INTO openapi_spec_versions (id, spec_id, blob, source_url, file_name, format, openapi_version, generation, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      v.id,
      v.specId,
      v.blob,
      v.sourceUrl,
      v.fileName,
      v.format,
      v.openapiVersion,
      v.generation,
      v.createdAt,
    );
  }

  *delete(id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM openapi_specs WHERE id = ?', id)) === 1;
  }

  /** Newest first. */
  *versions(specId: string): Query<OpenAPIVersionRecord[]> {
    return yield* this.versionRows.many('SELECT * FROM openapi_spec_versions WHERE spec_id = ? ORDER BY generation DESC, created_at DESC, rowid DESC', specId);
  }

  *version(specId: string, versionId: string): Query<OpenAPIVersionRecord | undefined> {
    return yield* this.versionRows.one('SELECT * FROM openapi_spec_versions WHERE spec_id = ? AND id = ?', specId, versionId);
  }
}
