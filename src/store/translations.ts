import type { TranslationRecord, TranslationItemRecord, GlossaryEntryRecord } from '../model/translations.js';

/** Translations, what their runs translated, and the organization glossaries. */
export interface TranslationRepo {
  get(id: string): Promise<TranslationRecord | undefined>;
  in(organizationId: string): Promise<TranslationRecord[]>;
  bySourceAndLanguage(sourceSpaceId: string, language: string): Promise<TranslationRecord | undefined>;
  put(t: TranslationRecord): Promise<void>;
  delete(id: string): Promise<boolean>;
  items(translationId: string): Promise<TranslationItemRecord[]>;
  putItem(i: TranslationItemRecord): Promise<void>;
  countItems(translationId: string, kind: TranslationItemRecord['kind']): Promise<number>;
  glossaryEntry(id: string): Promise<GlossaryEntryRecord | undefined>;
  glossary(organizationId: string): Promise<GlossaryEntryRecord[]>;
  putGlossaryEntry(e: GlossaryEntryRecord): Promise<void>;
  deleteGlossaryEntry(id: string): Promise<boolean>;
}
