import { newId, type OrganizationRecord, type SpaceRecord, type TranslationRecord, type TranslationStats } from '../../model/index.js';
import { type Caller, type Deps, nowIso } from '../core/context.js';
import { invalidInput, conflict, notFound } from '../core/errors.js';
import { DEFAULT_FETCH_POLICY, type FetchPolicy } from '../core/fetch.js';
import type { Jobs } from '../core/jobs.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { RoleName } from '../core/roles.js';
import type { Spaces } from '../spaces/spaces.js';
import type { GitSync } from '../git-sync/git-sync.js';
import { Glossary } from './glossary.js';
import { TranslationRuns } from './runs.js';
import { type TranslationConfig, translatorFor } from './translators.js';

export type { GlossaryOperation } from './glossary.js';
export type { TranslationConfig, Translator } from './translators.js';
export { UNTRANSLATED_MARK } from './translate-content.js';

export interface TranslationView {
  translation: TranslationRecord;
  /** The caller's organization role. */
  role: RoleName | null;
}

export interface TranslationInput {
  source: { space: string; language: string };
  language: string;
  instructions?: Record<string, unknown>;
}

const EMPTY_INSTRUCTIONS = { object: 'document', data: {}, nodes: [] };
const EMPTY_STATS: TranslationStats = { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 };
const TITLE_MAX = 50;

/**
 * Translations: a source space kept translated into a target space of another language. The target is a real
 * space, created with the translation; each run (a job: pending -> running -> completed) writes a new revision
 * of it, translating what changed in the source since the last run and keeping the rest as the target has it.
 */
export class Translations {
  readonly glossary: Glossary;
  readonly runs: TranslationRuns;

  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly spaces: Spaces,
    jobs: Jobs,
    sync: GitSync,
    private readonly policy: FetchPolicy = DEFAULT_FETCH_POLICY,
    config?: TranslationConfig,
  ) {
    this.glossary = new Glossary(deps, organizations);
    this.runs = new TranslationRuns(deps, jobs, sync, this.glossary, translatorFor(config, policy));
  }

  /** Chooses the translator of the next runs (`docs.config.yaml` `translation:`). */
  configure(config: TranslationConfig | undefined): void {
    this.runs.translator = translatorFor(config, this.policy);
  }

  async list(caller: Caller, organizationId: string, request: PageRequest): Promise<Page<TranslationView>> {
    const { org, role } = await this.member(caller, organizationId, 'read');
    const items = (await this.deps.store.translations.in(org.id)).map((translation) => ({ translation, role }));
    return paginate(items, request, (v) => [v.translation.createdAt, v.translation.id]);
  }

  async get(caller: Caller, organizationId: string, id: string): Promise<TranslationView> {
    const { org, role } = await this.member(caller, organizationId, 'read');
    return { translation: await this.find(org, id), role };
  }

  /** Creates the target space beside the source and schedules the first run. */
  async create(caller: Caller, organizationId: string, input: TranslationInput): Promise<TranslationView> {
    const { org, role } = await this.member(caller, organizationId, 'create');
    const source = await this.sourceSpace(caller, org, input.source.space);
    if (input.language === input.source.language) throw invalidInput(`language: must differ from source.language (${input.language})`);
    const { store } = this.deps;
    const translation = await store.tx(async () => {
      // Checked in the transaction that inserts: two requests at once make one translation (and one target space), and a 409.
      if (await store.translations.bySourceAndLanguage(source.id, input.language)) {
        throw conflict(`The space ${source.id} already has a translation into ${input.language}`);
      }
      const now = nowIso(this.deps);
      const record: TranslationRecord = {
        id: newId(),
        organizationId: org.id,
        sourceSpaceId: source.id,
        sourceLanguage: input.source.language,
        language: input.language,
        instructions: input.instructions ?? EMPTY_INSTRUCTIONS,
        targetSpaceId: (await this.targetSpace(caller, source, input.language)).id,
        status: 'pending',
        resultRevisionId: null,
        stats: EMPTY_STATS,
        queued: false,
        failures: 0,
        lastError: null,
        createdAt: now,
        updatedAt: now,
      };
      await store.translations.put(record);
      await this.runs.schedule(record.id);
      return record;
    });
    return { translation, role };
  }

  async update(caller: Caller, organizationId: string, id: string, instructions: Record<string, unknown>): Promise<TranslationView> {
    const { org, role } = await this.member(caller, organizationId, 'create');
    // Read and written in one transaction: a run finishing meanwhile keeps its status and counters.
    const next = await this.deps.store.tx(async () => {
      const next = { ...(await this.find(org, id)), instructions, updatedAt: nowIso(this.deps) };
      await this.deps.store.translations.put(next);
      return next;
    });
    return { translation: next, role };
  }

  /** The target space stays: it is a space of its own. */
  async delete(caller: Caller, organizationId: string, id: string): Promise<boolean> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'create');
    const translation = await this.deps.store.translations.get(id);
    if (!translation || translation.organizationId !== org.id) return false;
    return await this.deps.store.translations.delete(id);
  }

  /** Queues a run: at once when none is waiting, after the current one when one is running. */
  async requestRun(caller: Caller, organizationId: string, id: string): Promise<TranslationView> {
    const { org, role } = await this.member(caller, organizationId, 'create');
    const { store } = this.deps;
    const translation = await store.tx(async () => {
      const current = await this.find(org, id);
      const source = await store.content.space(current.sourceSpaceId);
      if (!source || source.deletedAt) throw conflict(`The source space ${current.sourceSpaceId} of the translation ${id} is deleted`);
      const target = await store.content.space(current.targetSpaceId);
      // A deleted target is made again: the run fills the new one.
      const next: TranslationRecord =
        !target || target.deletedAt
          ? { ...current, targetSpaceId: (await this.targetSpace(caller, source, current.language)).id, resultRevisionId: null }
          : { ...current };
      if (next.status === 'running') next.queued = true;
      else if (next.status === 'completed') {
        next.status = 'pending';
        await this.runs.schedule(next.id);
      }
      next.failures = 0;
      next.updatedAt = nowIso(this.deps);
      await store.translations.put(next);
      return next;
    });
    return { translation, role };
  }

  private async member(caller: Caller, organizationId: string, needed: RoleName): Promise<{ org: OrganizationRecord; role: RoleName | null }> {
    const org = await this.organizations.find(organizationId);
    return { org, role: await caller.access.requireOrganization(org, needed) };
  }

  private async find(org: OrganizationRecord, id: string): Promise<TranslationRecord> {
    const translation = await this.deps.store.translations.get(id);
    if (!translation || translation.organizationId !== org.id) throw notFound(`No matching translation found for the ID ${id}`);
    return translation;
  }

  private async sourceSpace(caller: Caller, org: OrganizationRecord, id: string): Promise<SpaceRecord> {
    const space = await this.deps.store.content.space(id);
    if (!space || space.deletedAt || space.organizationId !== org.id) throw invalidInput(`source.space: no space ${id} in the organization ${org.id}`);
    await caller.access.requireSpace(space, 'read');
    return space;
  }

  /** A new space for the translation, beside the source, in the target language. */
  private async targetSpace(caller: Caller, source: SpaceRecord, language: string): Promise<SpaceRecord> {
    const suffix = ` (${language})`;
    const title = source.title.slice(0, TITLE_MAX - suffix.length) + suffix;
    return (await this.spaces.create(caller, source.organizationId, { title, language, ...(source.parentId ? { parent: source.parentId } : {}) })).space;
  }
}
