import type { PageKind } from './revision.js';

export interface TranslationStats {
  runs: number;
  totalWords: number;
  totalPages: number;
  /** Seconds. */
  totalDuration: number;
  latestRunDuration: number;
  latestPages: number;
  latestWords: number;
}

export interface TranslationRecord {
  id: string;
  organizationId: string;
  sourceSpaceId: string;
  sourceLanguage: string;
  language: string;
  /** A JSON document (`{object: 'document', data, nodes}`), given to translators that take instructions. */
  instructions: Record<string, unknown>;
  /** The space the runs write into; created with the translation. */
  targetSpaceId: string;
  status: TranslationStatus;
  /** The target revision the last completed run made; null before the first one. */
  resultRevisionId: string | null;
  stats: TranslationStats;
  /** A run was asked for while one was running: it follows the current one. */
  queued: boolean;
  /** Failed attempts of the current run. */
  failures: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a run translated, so the next run takes unchanged items over from the target space. */
export interface TranslationItemRecord {
  translationId: string;
  /** A page id, or `reusable:<id>` for a reusable content. */
  itemId: string;
  /** The page's kind (`document`, `group`, `link`, `computed`), or `reusable`. */
  kind: PageKind | 'reusable';
  /** A hash of the source item's content when it was translated. */
  sourceKey: string;
  /** A hash of the translator, languages and glossary it was translated with. */
  fingerprint: string;
}

export interface GlossaryEntryRecord {
  id: string;
  organizationId: string;
  /** Language code -> term. */
  translations: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

export type TranslationStatus = 'pending' | 'running' | 'completed';
