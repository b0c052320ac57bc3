import type * as api from '@gitbook/api';
import type { TranslationView } from '../domain/translations/translations.js';
import { atLeast } from '../domain/core/roles.js';
import type { GlossaryEntryRecord } from '../model/index.js';
import type { Urls } from './present.js';

export const translationLocation = (urls: Urls, organizationId: string, id: string) => urls.api(`/orgs/${organizationId}/translations/${id}`);

export function translation(urls: Urls, view: TranslationView): api.Translation & { result?: { language: api.TranslationLanguage } } {
  const t = view.translation;
  return {
    object: 'translation',
    id: t.id,
    status: t.status as api.TranslationStatus,
    source: { space: t.sourceSpaceId, language: t.sourceLanguage as api.TranslationLanguage },
    language: t.language as api.TranslationLanguage,
    instructions: t.instructions as unknown as api.JSONDocument,
    ...(t.resultRevisionId ? { result: { space: t.targetSpaceId, revision: t.resultRevisionId, language: t.language as api.TranslationLanguage } } : {}),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    stats: { ...t.stats },
    permissions: { view: atLeast(view.role, 'read'), edit: atLeast(view.role, 'create') },
    urls: { location: translationLocation(urls, t.organizationId, t.id) },
  };
}

export function glossaryEntry(urls: Urls, entry: GlossaryEntryRecord): api.GlossaryEntry {
  return {
    object: 'glossary-entry',
    id: entry.id,
    translations: { ...entry.translations },
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    urls: { location: urls.api(`/orgs/${entry.organizationId}/translations-glossary/${entry.id}`) },
  };
}
