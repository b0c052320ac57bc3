import type { TranslationRecord, TranslationItemRecord, GlossaryEntryRecord } from '../model/translations.js';

/** Translations, what their runs translated, and the organization glossaries. */
export interface TranslationRepo {
  get(id: string): TranslationRecord | undefined;
  in(organizationId: string): TranslationRecord[];
  bySourceAndLanguage(sourceSpaceId: string, language: string): TranslationRecord | undefined;
  put(t: TranslationRecord): void;
  delete(id: string): boolean;
  items(translationId: string): TranslationItemRecord[];
  putItem(i: TranslationItemRecord): void;
  countItems(translationId: string, kind: TranslationItemRecord['kind']): number;
  glossaryEntry(id: string): GlossaryEntryRecord | undefined;
  glossary(organizationId: string): GlossaryEntryRecord[];
  putGlossaryEntry(e: GlossaryEntryRecord): void;
  deleteGlossaryEntry(id: string): boolean;
}
