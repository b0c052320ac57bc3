import { asJson, asFlag } from './codec.js';
import type { Db, Sync } from './db.js';
import { Table } from './table.js';
import type { TranslationRecord, TranslationItemRecord, GlossaryEntryRecord } from '../../model/translations.js';
import type { TranslationRepo } from '../translations.js';

/** Translations, what their runs translated, and the organization glossaries. */
export class SqliteTranslationRepo implements Sync<TranslationRepo> {
  private readonly translationRows: Table<TranslationRecord>;
  private readonly itemRows: Table<TranslationItemRecord>;
  private readonly glossaryRows: Table<GlossaryEntryRecord>;
  constructor(private readonly db: Db) {
    this.translationRows = new Table<TranslationRecord>(db, 'translations', { codecs: { instructions: asJson, stats: asJson, queued: asFlag } });
    this.itemRows = new Table<TranslationItemRecord>(db, 'translation_items');
    this.glossaryRows = new Table<GlossaryEntryRecord>(db, 'glossary_entries', { codecs: { translations: asJson } });
  }

  get(id: string): TranslationRecord | undefined {
    return this.translationRows.one('SELECT * FROM translations WHERE id = ?', id);
  }

  in(organizationId: string): TranslationRecord[] {
    return this.translationRows.many('SELECT * FROM translations WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  bySourceAndLanguage(sourceSpaceId: string, language: string): TranslationRecord | undefined {
    return this.translationRows.one('SELECT * FROM translations WHERE source_space_id = ? AND language = ?', sourceSpaceId, language);
  }

  put(t: TranslationRecord): void {
    this.translationRows.upsert(t, ['id'], ['organizationId', 'sourceSpaceId', 'language', 'createdAt']);
  }

  delete(id: string): boolean {
    return this.db.run('DELETE FROM translations WHERE id = ?', id) > 0;
  }

  items(translationId: string): TranslationItemRecord[] {
    return this.itemRows.many('SELECT * FROM translation_items WHERE translation_id = ?', translationId);
  }

  putItem(i: TranslationItemRecord): void {
    this.itemRows.upsert(i, ['translationId', 'itemId']);
  }

  countItems(translationId: string, kind: TranslationItemRecord['kind']): number {
    const row = this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM translation_items WHERE translation_id = ? AND kind = ?', translationId, kind);
    return Number(row?.n ?? 0);
  }

  glossaryEntry(id: string): GlossaryEntryRecord | undefined {
    return this.glossaryRows.one('SELECT * FROM glossary_entries WHERE id = ?', id);
  }

  glossary(organizationId: string): GlossaryEntryRecord[] {
    return this.glossaryRows.many('SELECT * FROM glossary_entries WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  putGlossaryEntry(e: GlossaryEntryRecord): void {
    this.glossaryRows.upsert(e, ['id'], ['organizationId', 'createdAt']);
  }

  deleteGlossaryEntry(id: string): boolean {
    return this.db.run('DELETE FROM glossary_entries WHERE id = ?', id) > 0;
  }
}
