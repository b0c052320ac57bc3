// Git Sync on the domain side: what a synced space remembers, and landing an imported revision atomically.
import { newId, type RevisionContent, type RevisionGit, type SpaceRecord, type SyncStateRecord } from '../../model/index.js';
import type { SearchSectionInput } from '../../model/index.js';
import type { BlobStore } from '../../store/index.js';
import type { Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { conflict } from '../core/errors.js';
import { parsePage } from '../../content/page-parse.js';
import { PARSED_PAGE_VERSION, type ParsedPageData } from '../../content/parsed-page.js';

/** Bump when the git dates would come out differently for the same commit. */
export const GIT_DATES_VERSION = 1;

export interface CommitDates {
  get(commit: string): Promise<Record<string, number> | undefined>;
  put(commit: string, dates: Record<string, number>): Promise<void>;
  commits(): Promise<string[]>;
}

export interface ImportedRevision {
  spaceId: string;
  /** The space's revision the import was built on: the space moves only if it is still there (compare-and-set). */
  baseRevisionId: string;
  /** null: the content equals the base revision's, so only the sync state is saved. */
  content: RevisionContent | null;
  git: RevisionGit | null;
  state: Omit<SyncStateRecord, 'spaceId' | 'revisionId' | 'updatedAt'>;
}

export interface ParsedBlobResult {
  oid: string;
  data: ParsedPageData;
  sections: SearchSectionInput[];
  /** The parsed body, packed (content/parsed-body.ts), for site builds. */
  body?: Uint8Array;
}

export class GitSync {
  constructor(private readonly deps: Deps) {}

  get blobs(): BlobStore {
    return this.deps.store.blobs;
  }

  async state(spaceId: string): Promise<SyncStateRecord | undefined> {
    return await this.deps.store.revisions.syncState(spaceId);
  }

  /** The live space synced from the docs.yaml `key` of the repository `source`. */
  async spaceForKey(source: string, key: string): Promise<SpaceRecord | undefined> {
    const state = await this.deps.store.revisions.syncStateByKey(source, key);
    const space = state && (await this.deps.store.content.space(state.spaceId));
    return space && !space.deletedAt ? space : undefined;
  }

  /** A live space of the organization by id, else by exact title (the first in tree order). */
  async findSpace(organizationId: string, idOrTitle: string): Promise<SpaceRecord | undefined> {
    const { content } = this.deps.store;
    const byId = await content.space(idOrTitle);
    if (byId && !byId.deletedAt && byId.organizationId === organizationId) return byId;
    return (await content.spacesIn(organizationId)).find((s) => !s.deletedAt && s.title === idOrTitle);
  }

  async space(id: string): Promise<SpaceRecord | undefined> {
    return await this.deps.store.content.space(id);
  }

  async content(revisionId: string): Promise<RevisionContent> {
    return await this.deps.store.revisions.content(revisionId);
  }

  /** The git-date cache: per commit, repository path -> seconds of the last commit that touched the file. */
  get commitDates(): CommitDates {
    const { gitDates } = this.deps.store;
    return {
      get: async (commit) => await gitDates.get(commit, GIT_DATES_VERSION),
      put: async (commit, dates) => await gitDates.put(commit, GIT_DATES_VERSION, dates),
      commits: async () => await gitDates.commits(GIT_DATES_VERSION),
    };
  }

  async parsed(oids: readonly string[]): Promise<Map<string, ParsedPageData>> {
    return await this.deps.store.parsed.getMany<ParsedPageData>(oids, PARSED_PAGE_VERSION);
  }

  /** The packed bodies (content/parsed-body.ts) the syncs parsed of page blobs `oids`, for those that have one. */
  async parsedBodies(oids: readonly string[]): Promise<Map<string, Uint8Array>> {
    return await this.deps.store.parsed.bodies(oids, PARSED_PAGE_VERSION);
  }

  /** Caches parse results and indexes their search sections, in one transaction. */
  /**
   * Parses and indexes the page files of `content` that have no parse record yet (pages written through the API or
   * made by a merge), so links, backlinks and search see them as they see imported pages.
   */
  async indexPages(content: RevisionContent): Promise<void> {
    const { store } = this.deps;
    const documents = content.pages.flatMap((p) => (p.kind === 'document' ? [p] : []));
    const known = await store.parsed.known(
      documents.map((p) => p.blob),
      PARSED_PAGE_VERSION,
    );
    const missing = documents.filter((p) => !known.has(p.blob));
    if (missing.length === 0) return;
    const spaceRoot = await this.spaceRoot(content);
    const results = (
      await Promise.all(
        missing.map(async (page) => {
          const bytes = await store.blobs.get(page.blob);
          const path = page.git?.path ?? `${page.path || 'README'}.md`;
          return bytes ? [parsePage({ oid: page.blob, path, spaceRoot, bytes })] : [];
        }),
      )
    ).flat();
    await this.saveParsed(results);
  }

  /** The space root the pages were imported against (recorded in their parse records); '' for a space never synced. */
  async spaceRoot(content: RevisionContent): Promise<string> {
    const oids = content.pages.flatMap((p) => (p.kind === 'document' ? [p.blob] : [])).slice(0, 8);
    for (const data of (await this.deps.store.parsed.getMany<ParsedPageData>(oids, PARSED_PAGE_VERSION)).values()) {
      if (data.spaceRoot !== undefined) return data.spaceRoot;
    }
    return '';
  }

  /**
   * Drops the parse records of other versions: after an upgrade, a whole second set of them (a record and a packed body
   * a page) that nothing reads. A server of another version sharing the database (a rolling upgrade) loses its own:
   * its syncs parse their pages again, and it shows no links for the pages they did not.
   */
  async pruneParsed(): Promise<number> {
    return await this.deps.store.parsed.prune(PARSED_PAGE_VERSION);
  }

  async saveParsed(results: readonly ParsedBlobResult[]): Promise<void> {
    if (results.length === 0) return;
    const { store } = this.deps;
    // One record per oid (a batch may hold a blob twice, at two paths): the last one, as the loop it replaces kept.
    const byOid = [...new Map(results.map((r) => [r.oid, r])).values()];
    await store.tx(async () => {
      await store.parsed.putMany(
        byOid.map((r) => ({ oid: r.oid, data: r.data, body: r.body })),
        PARSED_PAGE_VERSION,
      );
      await store.search.indexMany(byOid, PARSED_PAGE_VERSION);
    });
  }

  /**
   * In one transaction: inserts the revision with its content and git commit, moves the space to it by
   * compare-and-set, and saves the sync state. Returns the new revision id (null when `content` is null).
   * Throws a 409 when the space moved since the import started.
   */
  async land(input: ImportedRevision): Promise<string | null> {
    const { store } = this.deps;
    const now = nowIso(this.deps);
    return await store.tx(async () => {
      const revisionId = await this.insertRevision(input, now);
      const moved = revisionId
        ? !(await store.content.setSpaceRevision(input.spaceId, input.baseRevisionId, revisionId, now))
        : (await store.content.space(input.spaceId))?.revisionId !== input.baseRevisionId;
      if (moved) throw conflict(`the space ${input.spaceId} changed while it was being synced; sync again`);
      await store.revisions.putSyncState({ ...input.state, spaceId: input.spaceId, revisionId: revisionId ?? input.baseRevisionId, updatedAt: now });
      return revisionId;
    });
  }

  /** The imported or exported content as a new revision, child of `baseRevisionId` (null when there is none). */
  private async insertRevision(input: ImportedRevision, now: string): Promise<string | null> {
    if (!input.content) return null;
    const id = newId();
    const git = input.git ? { ...input.git } : null;
    await this.deps.store.revisions.insert({ id, spaceId: input.spaceId, parents: [input.baseRevisionId], type: 'edits', git, createdAt: now }, input.content);
    return id;
  }

  /**
   * After an export wrote its commit: the commit is paired with the revision it holds (`content`, the exported one
   * with its git paths, as a child of `baseRevisionId`; or the exported one itself when null), whatever happened to the
   * space meanwhile. The space moves to the recorded revision only if it is still at the exported one (compare-and-set);
   * a space edited during the export keeps its edits, and the next sync exports them against this pairing.
   */
  async recordExport(input: ImportedRevision): Promise<string | null> {
    const { store } = this.deps;
    const now = nowIso(this.deps);
    return await store.tx(async () => {
      const revisionId = await this.insertRevision(input, now);
      if (revisionId) await store.content.setSpaceRevision(input.spaceId, input.baseRevisionId, revisionId, now);
      await store.revisions.putSyncState({ ...input.state, spaceId: input.spaceId, revisionId: revisionId ?? input.baseRevisionId, updatedAt: now });
      return revisionId;
    });
  }
}
