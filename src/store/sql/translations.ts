import { asJson, asFlag } from './codec.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';
import type { TranslationRecord, TranslationItemRecord, GlossaryEntryRecord } from '../../model/translations.js';
import type { TranslationRepo } from '../translations.js';

/** Translations, what their runs translated, and the organization glossaries. */
export class SqlTranslationRepo implements Queries<TranslationRepo> {
  private readonly translationRows: Table<TranslationRecord>;
  private readonly itemRows: Table<TranslationItemRecord>;
  private readonly glossaryRows: Table<GlossaryEntryRecord>;
  constructor() {
    this.translationRows = new Table<TranslationRecord>('translations', { codecs: { instructions: asJson, stats: asJson, queued: asFlag } });
    this.itemRows = new Table<TranslationItemRecord>('translation_items');
    this.glossaryRows = new Table<GlossaryEntryRecord>('glossary_entries', { codecs: { translations: asJson } });
  }

  *get(id: string): Query<TranslationRecord | undefined> {
    return yield* this.translationRows.one('SELECT * FROM translations WHERE id = ?', id);
  }

  *in(organizationId: string): Query<TranslationRecord[]> {
    return yield* this.translationRows.many('SELECT * FROM translations WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  *bySourceAndLanguage(sourceSpaceId: string, language: string): Query<TranslationRecord | undefined> {
    return yield* this.translationRows.one('SELECT * FROM translations WHERE source_space_id = ? AND language = ?', sourceSpaceId, language);
  }

  *put(t: TranslationRecord): Query<void> {
    yield* this.translationRows.upsert(t, ['id'], ['organizationId', 'sourceSpaceId', 'language', 'createdAt']);
  }

  *delete(id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM translations WHERE id = ?', id)) > 0;
  }

  *items(translationId: string): Query<TranslationItemRecord[]> {
    return yield* this.itemRows.many('SELECT * FROM translation_items WHERE translation_id = ?', translationId);
  }

  *putItem(i: TranslationItemRecord): Query<void> {
    yield* this.itemRows.upsert(i, ['translationId', 'itemId']);
  }

  *countItems(translationId: string, kind: TranslationItemRecord['kind']): Query<number> {
    const row = yield* sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM translation_items WHERE translation_id = ? AND kind = ?', translationId, kind);
    return Number(row?.n ?? 0);
  }

  *glossaryEntry(id: string): Query<GlossaryEntryRecord | undefined> {
    return yield* this.glossaryRows.one('SELECT * FROM glossary_entries WHERE id = ?', id);
  }

  *glossary(organizationId: string): Query<GlossaryEntryRecord[]> {
    return yield* this.glossaryRows.many('SELECT * FROM glossary_entries WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  *putGlossaryEntry(e: GlossaryEntryRecord): Query<void> {
    yield* this.glossaryRows.upsert(e, ['id'], ['organizationId', 'createdAt']);
  }

  *deleteGlossaryEntry(id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM glossary_entries WHERE id = ?', id)) > 0;
  }
}
