// A translation run as a durable job: pending -> running -> completed. The target's new revision is written the way
// every API content write is: blobs, parse records and search sections, then the revision and a compare-and-set move.
import { newId, type RevisionRecord, type TranslationRecord } from '../../model/index.js';
import { type Deps, nowIso } from '../core/context.js';
import { conflict } from '../core/errors.js';
import type { Jobs } from '../core/jobs.js';
import type { GitSync } from '../git-sync/git-sync.js';
import type { Glossary } from './glossary.js';
import { translateContent } from './translate-content.js';
import type { Translator } from './translators.js';

export const RUN_JOB = 'translation.run';
/** Attempts of one run: the translator may be down for a moment. */
export const RUN_ATTEMPTS = 3;

export interface RunOutcome {
  revisionId: string;
  pages: number;
  words: number;
}

export class TranslationRuns {
  constructor(
    private readonly deps: Deps,
    private readonly jobs: Jobs,
    private readonly sync: GitSync,
    private readonly glossary: Glossary,
    public translator: Translator,
  ) {
    jobs.register(RUN_JOB, (payload) => this.job(String((payload as { translation: string }).translation)));
  }

  async schedule(translationId: string): Promise<void> {
    await this.jobs.schedule({ kind: RUN_JOB, payload: { translation: translationId }, maxAttempts: RUN_ATTEMPTS });
  }

  /** The job: one attempt of a run. A failure is thrown again so the job is retried with backoff. */
  private async job(id: string): Promise<void> {
    const { store } = this.deps;
    // The request that queued the run is answered first: the work below starts on a later turn.
    await new Promise((resolve) => setImmediate(resolve));
    const translation = await store.tx(async () => {
      const found = await store.translations.get(id);
      if (found) await store.translations.put({ ...found, status: 'running', updatedAt: nowIso(this.deps) });
      return found;
    });
    if (!translation) return;
    try {
      await this.run(translation);
    } catch (error) {
      await this.failed(id, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /** Translates the source's current revision into a new revision of the target. Nothing lands if the translation was deleted meanwhile. */
  async run(translation: TranslationRecord): Promise<RunOutcome | undefined> {
    const { store } = this.deps;
    const started = this.deps.clock.now().getTime();
    const source = await store.content.space(translation.sourceSpaceId);
    if (!source || source.deletedAt) throw conflict(`the source space ${translation.sourceSpaceId} is deleted`);
    const target = await store.content.space(translation.targetSpaceId);
    if (!target || target.deletedAt) throw conflict(`the target space ${translation.targetSpaceId} is deleted; run the translation again to make a new one`);

    const result = await translateContent({
      source: await store.revisions.content(source.revisionId),
      target: await store.revisions.content(target.revisionId),
      previous: new Map((await store.translations.items(translation.id)).map((item) => [item.itemId, item])),
      translator: this.translator,
      from: translation.sourceLanguage,
      to: translation.language,
      glossary: await this.glossary.terms(translation.organizationId, translation.sourceLanguage, translation.language),
      readBlob: async (oid) => await store.blobs.get(oid),
    });
    for (const bytes of result.blobs.values()) await store.blobs.put(bytes);
    await this.sync.indexPages(result.content);

    const now = nowIso(this.deps);
    const revision: RevisionRecord = { id: newId(), spaceId: target.id, parents: [target.revisionId], type: 'update', git: null, createdAt: now };
    const seconds = Math.round((this.deps.clock.now().getTime() - started) / 1000);
    return await store.tx(async () => {
      const current = await store.translations.get(translation.id);
      if (!current) return undefined;
      await store.revisions.insert(revision, result.content);
      if (!(await store.content.setSpaceRevision(target.id, target.revisionId, revision.id, now))) {
        throw conflict(`the space ${target.id} changed while it was being translated; the run is tried again`);
      }
      for (const item of result.items) await store.translations.putItem({ ...item, translationId: current.id });
      const stats = current.stats;
      await store.translations.put({
        ...current,
        status: current.queued ? 'pending' : 'completed',
        resultRevisionId: revision.id,
        stats: {
          runs: stats.runs + 1,
          totalWords: stats.totalWords + result.words,
          totalPages: await store.translations.countItems(current.id, 'document'),
          totalDuration: stats.totalDuration + seconds,
          latestRunDuration: seconds,
          latestPages: result.pages,
          latestWords: result.words,
        },
        queued: false,
        failures: 0,
        lastError: null,
        updatedAt: now,
      });
      if (current.queued) await this.schedule(current.id);
      return { revisionId: revision.id, pages: result.pages, words: result.words };
    });
  }

  /** Pending while attempts remain; after the last one completed (keeping the previous result, if any), or the queued run follows. */
  private async failed(id: string, message: string): Promise<void> {
    const { store } = this.deps;
    await store.tx(async () => {
      const current = await store.translations.get(id);
      if (!current) return;
      const failures = current.failures + 1;
      const retrying = failures < RUN_ATTEMPTS;
      if (!retrying && current.queued) await this.schedule(id);
      await store.translations.put({
        ...current,
        status: retrying || current.queued ? 'pending' : 'completed',
        queued: retrying ? current.queued : false,
        failures: retrying ? failures : 0,
        lastError: message,
        updatedAt: nowIso(this.deps),
      });
    });
  }
}
