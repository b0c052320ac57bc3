import { bool, int, json, optStr, str } from './codec.js';
import type { Db, Row, Sync } from './db.js';
import type { TranslationStatus } from '../../model/index.js';
import type { TranslationRecord, TranslationItemRecord, GlossaryEntryRecord } from '../../model/translations.js';
import type { TranslationRepo } from '../translations.js';
const toTranslation = (r: Row): TranslationRecord => ({
  id: str(r.id),
  organizationId: str(r.organization_id),
  sourceSpaceId: str(r.source_space_id),
  sourceLanguage: str(r.source_language),
  language: str(r.language),
  instructions: json(r.instructions),
  targetSpaceId: str(r.target_space_id),
  status: r.status as TranslationStatus,
  resultRevisionId: optStr(r.result_revision_id),
  stats: json(r.stats),
  queued: bool(r.queued),
  failures: Number(r.failures),
  lastError: optStr(r.last_error),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

const toItem = (r: Row): TranslationItemRecord => ({
  translationId: str(r.translation_id),
  itemId: str(r.item_id),
  kind: r.kind as TranslationItemRecord['kind'],
  sourceKey: str(r.source_key),
  fingerprint: str(r.fingerprint),
});

const toGlossaryEntry = (r: Row): GlossaryEntryRecord => ({
  id: str(r.id),
  organizationId: str(r.organization_id),
  translations: json(r.translations),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

/** Translations, what their runs translated, and the organization glossaries. */
export class SqliteTranslationRepo implements Sync<TranslationRepo> {
  constructor(private readonly db: Db) {}

  get(id: string): TranslationRecord | undefined {
    const row = this.db.get('SELECT * FROM translations WHERE id = ?', id);
    return row && toTranslation(row);
  }

  in(organizationId: string): TranslationRecord[] {
    return this.db.all('SELECT * FROM translations WHERE organization_id = ? ORDER BY created_at, id', organizationId).map(toTranslation);
  }

  bySourceAndLanguage(sourceSpaceId: string, language: string): TranslationRecord | undefined {
    const row = this.db.get('SELECT * FROM translations WHERE source_space_id = ? AND language = ?', sourceSpaceId, language);
    return row && toTranslation(row);
  }

  put(t: TranslationRecord): void {
    this.db.run(
      `INSERT INTO translations (id, organization_id, source_space_id, source_language, language, instructions, target_space_id, status,
         result_revision_id, stats, queued, failures, last_error, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET source_language = excluded.source_language, instructions = excluded.instructions,
         target_space_id = excluded.target_space_id, status = excluded.status, result_revision_id = excluded.result_revision_id,
         stats = excluded.stats, queued = excluded.queued, failures = excluded.failures, last_error = excluded.last_error,
         updated_at = excluded.updated_at`,
      t.id,
      t.organizationId,
      t.sourceSpaceId,
      t.sourceLanguage,
      t.language,
      JSON.stringify(t.instructions),
      t.targetSpaceId,
      t.status,
      t.resultRevisionId,
      JSON.stringify(t.stats),
      int(t.queued),
      t.failures,
      t.lastError,
      t.createdAt,
      t.updatedAt,
    );
  }

  delete(id: string): boolean {
    return this.db.run('DELETE FROM translations WHERE id = ?', id) > 0;
  }

  items(translationId: string): TranslationItemRecord[] {
    return this.db.all('SELECT * FROM translation_items WHERE translation_id = ?', translationId).map(toItem);
  }

  putItem(i: TranslationItemRecord): void {
    this.db.run(
      `INSERT INTO translation_items (translation_id, item_id, kind, source_key, fingerprint) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (translation_id, item_id) DO UPDATE SET kind = excluded.kind, source_key = excluded.source_key, fingerprint = excluded.fingerprint`,
      i.translationId,
      i.itemId,
      i.kind,
      i.sourceKey,
      i.fingerprint,
    );
  }

  countItems(translationId: string, kind: TranslationItemRecord['kind']): number {
    const row = this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM translation_items WHERE translation_id = ? AND kind = ?', translationId, kind);
    return Number(row?.n ?? 0);
  }

  glossaryEntry(id: string): GlossaryEntryRecord | undefined {
    const row = this.db.get('SELECT * FROM glossary_entries WHERE id = ?', id);
    return row && toGlossaryEntry(row);
  }

  glossary(organizationId: string): GlossaryEntryRecord[] {
    return this.db.all('SELECT * FROM glossary_entries WHERE organization_id = ? ORDER BY created_at, id', organizationId).map(toGlossaryEntry);
  }

  putGlossaryEntry(e: GlossaryEntryRecord): void {
    this.db.run(
      `INSERT INTO glossary_entries (id, organization_id, translations, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET translations = excluded.translations, updated_at = excluded.updated_at`,
      e.id,
      e.organizationId,
      JSON.stringify(e.translations),
      e.createdAt,
      e.updatedAt,
    );
  }

  deleteGlossaryEntry(id: string): boolean {
    return this.db.run('DELETE FROM glossary_entries WHERE id = ?', id) > 0;
  }
}
