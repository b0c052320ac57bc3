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
  get(commit: string): Record<string, number> | undefined;
  put(commit: string, dates: Record<string, number>): void;
  commits(): string[];
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
}

export class GitSync {
  constructor(private readonly deps: Deps) {}

  get blobs(): BlobStore {
    return this.deps.store.blobs;
  }

  state(spaceId: string): SyncStateRecord | undefined {
    return this.deps.store.revisions.syncState(spaceId);
  }

  /** The live space synced from the docs.yaml `key` of the repository `source`. */
  spaceForKey(source: string, key: string): SpaceRecord | undefined {
    const state = this.deps.store.revisions.syncStateByKey(source, key);
    const space = state && this.deps.store.content.space(state.spaceId);
    return space && !space.deletedAt ? space : undefined;
  }

  /** A live space of the organization by id, else by exact title (the first in tree order). */
  findSpace(organizationId: string, idOrTitle: string): SpaceRecord | undefined {
    const { content } = this.deps.store;
    const byId = content.space(idOrTitle);
    if (byId && !byId.deletedAt && byId.organizationId === organizationId) return byId;
    return content.spacesIn(organizationId).find((s) => !s.deletedAt && s.title === idOrTitle);
  }

  space(id: string): SpaceRecord | undefined {
    return this.deps.store.content.space(id);
  }

  content(revisionId: string): RevisionContent {
    return this.deps.store.revisions.content(revisionId);
  }

  /** The git-date cache: per commit, repository path -> seconds of the last commit that touched the file. */
  get commitDates(): CommitDates {
    const { gitDates } = this.deps.store;
    return {
      get: (commit) => gitDates.get(commit, GIT_DATES_VERSION),
      put: (commit, dates) => gitDates.put(commit, GIT_DATES_VERSION, dates),
      commits: () => gitDates.commits(GIT_DATES_VERSION),
    };
  }

  parsed(oids: readonly string[]): Map<string, ParsedPageData> {
    return this.deps.store.parsed.getMany<ParsedPageData>(oids, PARSED_PAGE_VERSION);
  }

  /** Caches parse results and indexes their search sections, in one transaction. */
  /**
   * Parses and indexes the page files of `content` that have no parse record yet (pages written through the API or
   * made by a merge), so links, backlinks and search see them as they see imported pages.
   */
  indexPages(content: RevisionContent): void {
    const { store } = this.deps;
    const documents = content.pages.flatMap((p) => (p.kind === 'document' ? [p] : []));
    const known = store.parsed.known(
      documents.map((p) => p.blob),
      PARSED_PAGE_VERSION,
    );
    const missing = documents.filter((p) => !known.has(p.blob));
    if (missing.length === 0) return;
    const spaceRoot = this.spaceRoot(content);
    const results = missing.flatMap((page) => {
      const bytes = store.blobs.get(page.blob);
      const path = page.git?.path ?? `${page.path || 'README'}.md`;
      return bytes ? [parsePage({ oid: page.blob, path, spaceRoot, bytes })] : [];
    });
    this.saveParsed(results);
  }

  /** The space root the pages were imported against (recorded in their parse records); '' for a space never synced. */
  spaceRoot(content: RevisionContent): string {
    const oids = content.pages.flatMap((p) => (p.kind === 'document' ? [p.blob] : [])).slice(0, 8);
    for (const data of this.deps.store.parsed.getMany<ParsedPageData>(oids, PARSED_PAGE_VERSION).values()) {
      if (data.spaceRoot !== undefined) return data.spaceRoot;
    }
    return '';
  }

  saveParsed(results: readonly ParsedBlobResult[]): void {
    if (results.length === 0) return;
    const { store } = this.deps;
    store.tx(() => {
      for (const r of results) {
        store.parsed.put(r.oid, PARSED_PAGE_VERSION, r.data);
        store.search.index(r.oid, PARSED_PAGE_VERSION, r.sections);
      }
    });
  }

  /**
   * In one transaction: inserts the revision with its content and git commit, moves the space to it by
   * compare-and-set, and saves the sync state. Returns the new revision id (null when `content` is null).
   * Throws a 409 when the space moved since the import started.
   */
  land(input: ImportedRevision): string | null {
    const { store } = this.deps;
    const now = nowIso(this.deps);
    return store.tx(() => {
      const revisionId = this.insertRevision(input, now);
      const moved = revisionId
        ? !store.content.setSpaceRevision(input.spaceId, input.baseRevisionId, revisionId, now)
        : store.content.space(input.spaceId)?.revisionId !== input.baseRevisionId;
      if (moved) throw conflict(`the space ${input.spaceId} changed while it was being synced; sync again`);
      store.revisions.putSyncState({ ...input.state, spaceId: input.spaceId, revisionId: revisionId ?? input.baseRevisionId, updatedAt: now });
      return revisionId;
    });
  }

  /** The imported or exported content as a new revision, child of `baseRevisionId` (null when there is none). */
  private insertRevision(input: ImportedRevision, now: string): string | null {
    if (!input.content) return null;
    const id = newId();
    const git = input.git ? { ...input.git } : null;
    this.deps.store.revisions.insert({ id, spaceId: input.spaceId, parents: [input.baseRevisionId], type: 'edits', git, createdAt: now }, input.content);
    return id;
  }

  /**
   * After an export wrote its commit: the commit is paired with the revision it holds (`content`, the exported one
   * with its git paths, as a child of `baseRevisionId`; or the exported one itself when null), whatever happened to the
   * space meanwhile. The space moves to the recorded revision only if it is still at the exported one (compare-and-set);
   * a space edited during the export keeps its edits, and the next sync exports them against this pairing.
   */
  recordExport(input: ImportedRevision): string | null {
    const { store } = this.deps;
    const now = nowIso(this.deps);
    return store.tx(() => {
      const revisionId = this.insertRevision(input, now);
      if (revisionId) store.content.setSpaceRevision(input.spaceId, input.baseRevisionId, revisionId, now);
      store.revisions.putSyncState({ ...input.state, spaceId: input.spaceId, revisionId: revisionId ?? input.baseRevisionId, updatedAt: now });
      return revisionId;
    });
  }
}
