import { type GlossaryEntryRecord, newId } from '../../model/index.js';
import { type Caller, type Deps, nowIso } from '../core/context.js';
import { invalidInput, conflict, notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { isLanguage } from './languages.js';
import type { GlossaryTerm } from './text-plan.js';

export type GlossaryOperation =
  | { type: 'insert'; translations: Record<string, string> }
  | { type: 'update'; id: string; translations: Record<string, string> }
  | { type: 'delete'; id: string };

export const MAX_GLOSSARY_OPERATIONS = 1000;

/**
 * An organization's glossary: each entry names one term in several languages. A translation run keeps a source
 * term out of the translator and writes the entry's term for the target language, or the source term itself.
 */
export class Glossary {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
  ) {}

  async list(caller: Caller, organizationId: string, request: PageRequest): Promise<Page<GlossaryEntryRecord>> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'read');
    return paginate(await this.deps.store.translations.glossary(org.id), request, (e) => [e.createdAt, e.id]);
  }

  async get(caller: Caller, organizationId: string, id: string): Promise<GlossaryEntryRecord> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'read');
    const entry = await this.deps.store.translations.glossaryEntry(id);
    if (!entry || entry.organizationId !== org.id) throw notFound(`No glossary entry ${id} in the organization ${org.id}`);
    return entry;
  }

  /** Applies every operation in order, or none: one bad operation is a 400 naming it and changes nothing. */
  async update(caller: Caller, organizationId: string, operations: readonly GlossaryOperation[]): Promise<void> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'create');
    if (operations.length > MAX_GLOSSARY_OPERATIONS) {
      throw invalidInput(`operations: at most ${MAX_GLOSSARY_OPERATIONS} operations in one request, got ${operations.length}`);
    }
    const { store } = this.deps;
    await store.tx(async () => {
      const entries = new Map((await store.translations.glossary(org.id)).map((e) => [e.id, e]));
      const now = nowIso(this.deps);
      for (const [i, op] of operations.entries()) {
        const field = `operations[${i}]`;
        if (op.type === 'delete') {
          // Deleting an absent entry is done already; an entry of another organization is absent here.
          if (entries.delete(op.id)) await store.translations.deleteGlossaryEntry(op.id);
          continue;
        }
        checkTranslations(op.translations, `${field}.translations`);
        const before = op.type === 'update' ? entries.get(op.id) : undefined;
        if (op.type === 'update' && !before) throw invalidInput(`${field}.id: no glossary entry ${op.id} in the organization ${org.id}`);
        const entry: GlossaryEntryRecord = before
          ? { ...before, translations: { ...op.translations }, updatedAt: now }
          : { id: newId(), organizationId: org.id, translations: { ...op.translations }, createdAt: now, updatedAt: now };
        checkUnique(entry, entries.values(), `${field}.translations`);
        entries.set(entry.id, entry);
        await store.translations.putGlossaryEntry(entry);
      }
    });
  }

  /** The terms of the organization's glossary for one language pair. */
  async terms(organizationId: string, from: string, to: string): Promise<GlossaryTerm[]> {
    return (await this.deps.store.translations.glossary(organizationId)).flatMap((e) =>
      e.translations[from] ? [{ source: e.translations[from], target: e.translations[to] ?? e.translations[from] }] : [],
    );
  }
}

function checkTranslations(translations: Record<string, string>, field: string): void {
  const languages = Object.keys(translations);
  if (languages.length === 0) throw invalidInput(`${field}: give the term in at least one language`);
  for (const language of languages) {
    if (!isLanguage(language)) throw invalidInput(`${field}.${language}: not a translation language`);
    if (translations[language]!.trim() === '') throw invalidInput(`${field}.${language}: must not be blank`);
  }
}

/** A term names one entry per language: two entries with the same term would make its translation ambiguous. */
function checkUnique(entry: GlossaryEntryRecord, others: Iterable<GlossaryEntryRecord>, field: string): void {
  for (const other of others) {
    if (other.id === entry.id) continue;
    for (const [language, term] of Object.entries(entry.translations)) {
      if (other.translations[language] === term) {
        throw conflict(`${field}.${language}: "${term}" is already the ${language} term of the glossary entry ${other.id}`);
      }
    }
  }
}
