/**
 * A batch of content changes applied to a revision's content: pure (bytes are read through `readBlob`,
 * ids come from `newId`). Either every change applies and a new content comes out, or a DomainError names
 * the first change that cannot, and nothing is written anywhere.
 */
import type { ContentRef, JSONDocument } from '@gitbook/api';
import type { Root } from 'mdast';
import { htmlTableDestinations } from '../../content/blocks/table/html.js';
import { inlineElements } from '../../content/markdown/inline-html.js';
import { DocumentError } from '../../content/document/escape.js';
import { fromDocument } from '../../content/document/index.js';
import type { PageFile } from '../../content/page-file.js';
import { basename, dirname, extname, isAbsoluteUrl, isCleanPath, joinPath, relativeTo, resolveRelative, splitAnchor } from '../../content/paths.js';
import { firstFree, NoFreeNameError, pageSlug, safeSlug, slugProblem, uniqueSlug } from '../../content/slug.js';
import { pageMetadata } from '../../content/page-metadata.js';
import { type DocumentPage, gitBlobOid, type RevisionContent, type RevisionFile, type RevisionPage } from '../../model/index.js';
import { invalidInput, conflict } from '../core/errors.js';
import type { ContentChange, DocumentInput, InsertPage, PageFields, RevertPage, UpdatePage } from './changes.js';
import type { PreparedFile } from './files.js';
import { resolveReference, rewriteReferences } from './links.js';
import { type PageFileParts, readPageFile, setKey, writePageFile } from './page-file.js';
import { PageTree } from './page-tree.js';

export interface ApplyContext {
  base: RevisionContent;
  /** The revision `revert_page` restores from when it names none (the change request's base). */
  baseRevisionId: string;
  /** The space's directory in its repository: root pages and `.gitbook/assets` live under it. */
  spaceRoot: string;
  /** The prepared uploads of each `insert_files` change, by the change's index. */
  files: ReadonlyMap<number, readonly PreparedFile[]>;
  /** The content of another revision of the same space; undefined when there is none. */
  revisionContent(id: string): Promise<RevisionContent | undefined>;
  readBlob(oid: string): Promise<Uint8Array | undefined>;
  newId(): string;
}

export type PageOutcome =
  | { object: 'created_page'; page: string; ref?: string }
  | { object: 'updated_page'; page: string }
  | { object: 'deleted_page'; page: string };

export interface ApplyResult {
  content: RevisionContent;
  /** Bytes of the new page files and uploaded files, by git blob oid. */
  blobs: Map<string, Uint8Array>;
  /** The page files written, at the git path their links resolve against: to parse and index. */
  pageFiles: { oid: string; path: string }[];
  /** One entry per affected page, in the order the batch first touched them. */
  outcomes: PageOutcome[];
  insertedFiles: RevisionFile[];
}

/** A page whose file is to be written again: a new body, or only new metadata over the stored body. */
interface Draft {
  body?: { root: Root } | { document: JSONDocument };
  /** The change that gave the body, for errors found when it is written. */
  field?: string;
  frontmatter?: PageFileParts['frontmatter'];
}

type Body = NonNullable<Draft['body']>;

export async function applyChanges(ctx: ApplyContext, changes: readonly ContentChange[]): Promise<ApplyResult> {
  return await new Batch(ctx).run(changes);
}

class Batch {
  private readonly tree: PageTree;
  private readonly files: RevisionFile[];
  private readonly drafts = new Map<string, Draft>();
  private readonly outcomes = new Map<string, PageOutcome>();
  private readonly pageRefs = new Map<string, string>();
  private readonly fileRefs = new Map<string, string>();
  private readonly takenPaths = new Set<string>();
  private readonly blobs = new Map<string, Uint8Array>();
  private readonly insertedFiles: RevisionFile[] = [];

  constructor(private readonly ctx: ApplyContext) {
    this.tree = new PageTree(ctx.base.pages);
    this.files = ctx.base.files.map((f) => ({ ...f }));
    for (const p of ctx.base.pages) if (p.kind === 'document' && p.git) this.takenPaths.add(p.git.path);
    for (const f of ctx.base.files) if (f.git) this.takenPaths.add(f.git.path);
    for (const r of ctx.base.reusableContents) if (r.git) this.takenPaths.add(r.git.path);
  }

  async run(changes: readonly ContentChange[]): Promise<ApplyResult> {
    for (const [i, change] of changes.entries()) await this.apply(change, i);
    const pages = this.tree.flatten();
    const pageFiles = await this.writeDrafts(pages);
    const { base } = this.ctx;
    return {
      content: { pages, files: this.files, reusableContents: base.reusableContents, variables: base.variables },
      blobs: this.blobs,
      pageFiles,
      outcomes: [...this.outcomes.values()],
      insertedFiles: this.insertedFiles,
    };
  }

  /** One change; running out of free names (a page or file path) is a 409 naming the change. */
  private async apply(change: ContentChange, i: number): Promise<void> {
    const field = `changes[${i}]`;
    try {
      await this.applyOne(change, field, i);
    } catch (error) {
      if (error instanceof NoFreeNameError) throw conflict(`${field}: ${error.message}`);
      throw error;
    }
  }

  private async applyOne(change: ContentChange, field: string, i: number): Promise<void> {
    switch (change.operation) {
      case 'insert_page':
        return this.insertPage(change, field);
      case 'update_page':
        return await this.updatePage(change, field);
      case 'delete_page':
        return this.deletePage(this.existing(change.page, `${field}.page`).id);
      case 'revert_page':
        return await this.revertPage(change, field);
      case 'insert_files':
        return this.insertFiles(this.ctx.files.get(i) ?? [], field);
    }
  }

  private insertPage(change: InsertPage, field: string): void {
    const parentId = change.into ?? null;
    if (parentId !== null) this.parent(parentId, `${field}.into`);
    if (change.ref !== undefined) this.claimRef(change.ref, `${field}.ref`);
    const input = readDocument(change.document);
    const slugs = this.tree.slugsUnder(parentId);
    const title = input.title ?? change.title ?? 'Untitled';
    const slug = change.slug ? this.freeSlug(change.slug, slugs, `${field}.slug`) : uniqueSlug(pageSlug(title), slugs);
    const path = this.newGitPath(parentId, slug);
    const id = this.ctx.newId();
    const page: DocumentPage = { id, kind: 'document', title, slug, path: '', parentId, hidden: false, blob: '', git: { oid: '', path } };
    this.setFields(page, change);
    const frontmatter = { data: {} as Record<string, unknown>, raw: null };
    this.applyFrontmatter(page, frontmatter, input.data, change.condition);
    this.tree.insert(page, change.at);
    this.drafts.set(id, { body: input.body, frontmatter, field });
    if (change.ref !== undefined) this.pageRefs.set(change.ref, id);
    this.touch({ object: 'created_page', page: id, ...(change.ref !== undefined ? { ref: change.ref } : {}) });
  }

  private async updatePage(change: UpdatePage, field: string): Promise<void> {
    const page = this.existing(change.page, `${field}.page`);
    if (change.into !== undefined || change.at !== undefined) this.movePage(page, change, field);
    if (change.title !== undefined) page.title = change.title;
    if (change.slug !== undefined) {
      const slugs = this.tree.slugsUnder(page.parentId, page.id);
      page.slug = change.slug ? this.freeSlug(change.slug, slugs, `${field}.slug`) : uniqueSlug(pageSlug(page.title), slugs);
    }
    if (page.kind !== 'document') {
      const docOnly = (['document', 'emoji', 'icon', 'description', 'noIndex', 'noRobotsIndex', 'condition'] as const).find((k) => change[k] !== undefined);
      if (docOnly) throw invalidInput(`${field}.${docOnly}: the page ${page.id} is a ${page.kind} page, which has no document or page options`);
      if (change.hidden !== undefined) page.hidden = change.hidden;
      this.touch({ object: 'updated_page', page: page.id });
      return;
    }
    const draft = await this.draftOf(page);
    this.setFields(page, change);
    const input = change.document ? readDocument(change.document) : undefined;
    if (input) {
      draft.body = input.body;
      draft.field = field;
      if (input.title !== undefined) page.title = input.title;
    }
    this.applyFrontmatter(page, draft.frontmatter!, input?.data ?? {}, change.condition);
    this.touch({ object: 'updated_page', page: page.id });
  }

  private movePage(page: RevisionPage, change: UpdatePage, field: string): void {
    const parentId = change.into === undefined ? page.parentId : change.into;
    if (parentId !== null) {
      this.parent(parentId, `${field}.into`);
      if (this.tree.isInside(parentId, page.id)) throw invalidInput(`${field}.into: a page cannot be moved under itself or one of its descendants`);
    }
    if (parentId === page.parentId && change.at === undefined) return;
    if (parentId !== page.parentId) page.slug = uniqueSlug(safeSlug(page.slug), this.tree.slugsUnder(parentId));
    this.tree.move(page.id, parentId, change.at);
  }

  private deletePage(id: string): void {
    for (const gone of this.tree.remove(id)) {
      this.drafts.delete(gone);
      const created = this.outcomes.get(gone)?.object === 'created_page';
      this.outcomes.delete(gone);
      if (!created) this.outcomes.set(gone, { object: 'deleted_page', page: gone });
    }
  }

  private async revertPage(change: RevertPage, field: string): Promise<void> {
    if (change.block !== undefined) throw invalidInput(`${field}.block: reverting single blocks is not supported; revert the whole page`);
    const revisionId = change.revision ?? this.ctx.baseRevisionId;
    const from = await this.ctx.revisionContent(revisionId);
    if (!from) throw invalidInput(`${field}.revision: no revision ${revisionId} in this space`);
    const index = from.pages.findIndex((p) => p.id === change.page);
    const old = from.pages[index];
    const current = this.tree.pages.get(change.page);
    if (!old && !current) throw invalidInput(`${field}.page: no page ${change.page} in the change request or the revision ${revisionId}`);
    if (!old) return this.deletePage(change.page);
    this.drafts.delete(old.id);
    if (current) {
      const slugs = this.tree.slugsUnder(current.parentId, current.id);
      const slug = safeSlug(old.slug);
      const restored = { ...old, parentId: current.parentId, slug: slugs.has(slug) ? safeSlug(current.slug) : slug };
      this.tree.pages.set(old.id, restored);
      this.touch({ object: 'updated_page', page: old.id });
      return;
    }
    const parentId = old.parentId !== null && this.tree.pages.has(old.parentId) ? old.parentId : null;
    const at = from.pages.filter((p, i) => p.parentId === old.parentId && i < index).length;
    const restored = { ...old, parentId, slug: uniqueSlug(safeSlug(old.slug), this.tree.slugsUnder(parentId)) } as RevisionPage;
    if (restored.kind === 'document' && restored.git && (this.takenPaths.has(restored.git.path) || !isCleanPath(restored.git.path))) {
      restored.git = { ...restored.git, path: this.newGitPath(parentId, restored.slug) };
    }
    if (restored.kind === 'document' && restored.git) this.takenPaths.add(restored.git.path);
    this.tree.insert(restored, at);
    if (old.path === '' && old.parentId === null) this.tree.makeLanding(old.id);
    this.touch({ object: 'created_page', page: old.id });
  }

  private insertFiles(files: readonly PreparedFile[], field: string): void {
    const folder = joinPath(this.ctx.spaceRoot, '.gitbook/assets') ?? '.gitbook/assets';
    files.forEach((prepared, i) => {
      if (prepared.ref !== undefined) this.claimRef(prepared.ref, `${field}.files[${i}].ref`);
      const path = this.freeAssetPath(folder, prepared.name);
      const oid = gitBlobOid(prepared.bytes);
      this.blobs.set(oid, prepared.bytes);
      const file: RevisionFile = {
        id: this.ctx.newId(),
        name: basename(path),
        contentType: prepared.contentType,
        size: prepared.bytes.byteLength,
        blob: oid,
        git: { oid, path },
        ...(prepared.dimensions ? { dimensions: prepared.dimensions } : {}),
      };
      this.files.push(file);
      this.insertedFiles.push(file);
      if (prepared.ref !== undefined) this.fileRefs.set(prepared.ref, file.id);
    });
  }

  /** Page options of RevisionPageUpdate; an empty emoji or icon removes it. */
  private setFields(page: DocumentPage, fields: PageFields): void {
    for (const key of ['emoji', 'icon', 'description'] as const) {
      const value = fields[key];
      if (value === undefined) continue;
      if (value === '' && key !== 'description') delete page[key];
      else page[key] = value;
    }
    if (fields.hidden !== undefined) page.hidden = fields.hidden;
    for (const key of ['noIndex', 'noRobotsIndex'] as const) if (fields[key] !== undefined) page[key] = fields[key];
  }

  /** Frontmatter sent with a markdown body takes precedence over the fields (as in Git Sync); unknown keys are kept. */
  private applyFrontmatter(page: DocumentPage, frontmatter: PageFileParts['frontmatter'], data: Record<string, unknown>, condition: string | undefined): void {
    const { title: _title, ...rest } = data;
    Object.assign(frontmatter.data, rest);
    if (condition !== undefined) setKey(frontmatter.data, 'if', condition || undefined);
    if (Object.keys(rest).length === 0) return;
    const fileId = (path: string) => this.files.find((f) => f.git?.path === path)?.id ?? null;
    const meta = pageMetadata(rest, page.git?.path ?? '', fileId, () => {});
    Object.assign(page, meta);
  }

  /** The stored frontmatter and body of a page, loaded once per batch. */
  private async draftOf(page: DocumentPage): Promise<Draft> {
    let draft = this.drafts.get(page.id);
    if (!draft) {
      draft = { frontmatter: (await this.stored(page)).frontmatter };
      this.drafts.set(page.id, draft);
    }
    draft.frontmatter ??= (await this.stored(page)).frontmatter;
    return draft;
  }

  private async stored(page: DocumentPage): Promise<PageFileParts & { original: PageFile }> {
    const bytes = page.blob ? await this.ctx.readBlob(page.blob) : undefined;
    return readPageFile(bytes ? new TextDecoder('utf-8').decode(bytes) : '');
  }

  /** Writes every page file the batch touched, once the final tree (and so every link target) is known. */
  private async writeDrafts(pages: readonly RevisionPage[]): Promise<{ oid: string; path: string }[]> {
    const gitPath = (p: RevisionPage | undefined) => (p?.kind === 'document' ? p.git?.path : undefined);
    const byPath = new Map(pages.map((p) => [p.path, p]));
    const filePath = (id: string) => this.files.find((f) => f.id === id)?.git?.path;
    const targets = {
      pageById: (id: string) => gitPath(this.tree.pages.get(id)),
      pageByRef: (ref: string) => gitPath(this.tree.pages.get(this.pageRefs.get(ref) ?? '')),
      pageByPath: (path: string) => gitPath(byPath.get(path)),
      fileById: filePath,
      fileByRef: (ref: string) => filePath(this.fileRefs.get(ref) ?? ''),
    };
    const written: { oid: string; path: string }[] = [];
    for (const page of pages) {
      const draft = this.drafts.get(page.id);
      if (!draft || page.kind !== 'document') continue;
      const path = page.git!.path;
      const stored = page.blob ? await this.stored(page) : undefined;
      const body = draft.body ? documentRoot(draft, path, targets, stored?.body) : (stored?.body ?? { type: 'root', children: [] });
      if (draft.body) rewriteReferences(body, (url) => resolveReference(url, path, targets));
      const frontmatter = draft.frontmatter ?? stored?.frontmatter ?? { data: {}, raw: null };
      const bytes = new TextEncoder().encode(writePageFile(page, { frontmatter, body }, stored?.original));
      const oid = gitBlobOid(bytes);
      this.blobs.set(oid, bytes);
      page.blob = oid;
      if (!page.git!.oid) page.git = { oid, path };
      written.push({ oid, path });
    }
    return written;
  }

  private existing(id: string, field: string): RevisionPage {
    const page = this.tree.pages.get(id);
    if (!page) throw invalidInput(`${field}: no page ${id} in the change request`);
    return page;
  }

  private parent(id: string, field: string): RevisionPage {
    const page = this.existing(id, field);
    if (page.kind !== 'document' && page.kind !== 'group') throw invalidInput(`${field}: the page ${id} is a ${page.kind} page, which cannot hold pages`);
    return page;
  }

  private claimRef(ref: string, field: string): void {
    if (this.pageRefs.has(ref) || this.fileRefs.has(ref)) throw invalidInput(`${field}: the ref "${ref}" is used twice in the batch`);
    if ([...this.tree.pages.values()].some((p) => p.path === ref.replace(/\.md$/i, ''))) {
      throw invalidInput(`${field}: the ref "${ref}" is the path of an existing page`);
    }
  }

  private freeSlug(slug: string, siblings: Set<string>, field: string): string {
    const problem = slugProblem(slug);
    if (problem !== null) throw invalidInput(`${field}: "${slug}" is not a valid slug: a slug ${problem}`);
    if (siblings.has(slug)) throw invalidInput(`${field}: a sibling page already has the slug "${slug}"`);
    return slug;
  }

  /** `<dir>/<slug>.md` where the parent's children live (the first page of an empty space is the README). */
  private newGitPath(parentId: string | null, slug: string): string {
    const dir = this.childDir(parentId);
    const first = parentId === null && this.tree.pages.size === 0;
    const name = safeSlug(slug);
    const path = firstFree(
      (n) => joinPath(dir, n > 0 ? `${name}-${n}.md` : first ? 'README.md' : `${name}.md`),
      (p) => !this.takenPaths.has(p),
    );
    this.takenPaths.add(path);
    return path;
  }

  private childDir(parentId: string | null): string {
    if (parentId === null) return this.ctx.spaceRoot;
    const parent = this.tree.pages.get(parentId)!;
    if (parent.kind === 'document' && isCleanPath(parent.git?.path)) {
      const path = parent.git.path;
      return /(^|\/)readme\.md$/i.test(path) && dirname(path) !== this.ctx.spaceRoot ? dirname(path) : path.replace(/\.md$/i, '');
    }
    const dir = this.childDir(parent.parentId);
    return joinPath(dir, safeSlug(parent.slug)) ?? dir;
  }

  /** GitBook's de-duplication: `name (1).ext`. */
  private freeAssetPath(folder: string, name: string): string {
    const ext = extname(name) && name.slice(name.length - extname(name).length);
    const stem = ext ? name.slice(0, -ext.length) : name;
    const path = firstFree(
      (n) => joinPath(folder, n > 0 ? `${stem} (${n})${ext}` : name),
      (p) => !this.takenPaths.has(p),
    );
    this.takenPaths.add(path);
    return path;
  }

  private touch(outcome: PageOutcome): void {
    const previous = this.outcomes.get(outcome.page);
    if (previous?.object === 'created_page') return;
    this.outcomes.set(outcome.page, outcome);
  }
}

/** A markdown body's frontmatter and leading `# Title` are page metadata; a document is the body alone. */
function readDocument(input: DocumentInput): { body: Body; title?: string; data: Record<string, unknown> } {
  if ('markdown' in input && typeof input.markdown === 'string') {
    const { frontmatter, body, title: h1 } = readPageFile(input.markdown);
    const named = frontmatter.data.title ?? h1;
    const title = typeof named === 'string' && named.trim() ? named.trim() : undefined;
    return { body: { root: body }, data: frontmatter.data, ...(title ? { title } : {}) };
  }
  if ('document' in input && input.document) return { body: { document: input.document as JSONDocument }, data: {} };
  return { body: { root: { type: 'root', children: [] } }, data: {} };
}

type Targets = Parameters<typeof resolveReference>[2];

/** A draft's body as a tree; a document that cannot be written as markdown is the change's 400. */
function documentRoot(draft: Draft, fromPath: string, targets: Targets, stored?: Root): Root {
  try {
    return bodyRoot(draft.body!, fromPath, targets, stored);
  } catch (error) {
    if (error instanceof DocumentError) throw invalidInput(`${draft.field ?? 'changes'}.document: ${error.message}`);
    throw error;
  }
}

/**
 * The markdown tree of a body. A document's page and file references become relative paths: the destination the
 * stored file wrote for the same target when it has one (so an unchanged link reads the same and keeps its bytes),
 * else the path from this page to the target.
 */
function bodyRoot(body: Body, fromPath: string, targets: Targets, stored?: Root): Root {
  if ('root' in body) return body.root;
  const written = stored ? writtenDestinations(stored, fromPath) : new Map<string, string>();
  const rel = (target: string | undefined, anchor?: string) =>
    target === undefined ? undefined : (written.get(destinationKey(target, anchor)) ?? (relativeTo(fromPath, target) || './') + (anchor ? `#${anchor}` : ''));
  const refToUrl = (ref: ContentRef): string | undefined => {
    switch (ref.kind) {
      case 'page':
        return rel(targets.pageById(ref.page));
      case 'anchor':
        return ref.page ? rel(targets.pageById(ref.page), ref.anchor) : `#${ref.anchor}`;
      case 'file':
        return rel(targets.fileById(ref.file));
      default:
        return undefined;
    }
  };
  return fromDocument(body.document, { refToUrl });
}

/** The relative destinations a stored page wrote, by the file they resolve to (a folder link as its README). */
function writtenDestinations(stored: Root, fromPath: string): Map<string, string> {
  const written = new Map<string, string>();
  const record = (url: string) => {
    if (isAbsoluteUrl(url)) return undefined;
    const { path, anchor } = splitAnchor(url);
    const target = path === '' ? null : resolveRelative(fromPath, path);
    if (target === null) return undefined;
    for (const file of [target, /\/$|^$/.test(target) ? `${target}README.md` : `${target}/README.md`]) {
      if (!written.has(destinationKey(file, anchor))) written.set(destinationKey(file, anchor), url);
    }
    return undefined;
  };
  rewriteReferences(structuredClone(stored), record);
  // HTML tables hold their destinations in their HTML.
  const tables = (node: { type: string; value?: unknown; children?: unknown[] }) => {
    if ((node.type === 'html' || node.type === 'cards') && typeof node.value === 'string')
      for (const url of htmlTableDestinations(node.value, inlineElements)) record(url);
    for (const child of node.children ?? []) tables(child as typeof node);
  };
  tables(stored);
  return written;
}

const destinationKey = (target: string, anchor: string | undefined) => `${target.replace(/^\/+/, '')}#${anchor ?? ''}`;
