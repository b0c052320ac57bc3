import type { ContentRef, JSONDocument } from '@gitbook/api';
import { LRUCache } from 'lru-cache';
import type { Root } from 'mdast';
import { toDocument } from '../../content/document/index.js';
import { splitFrontmatter } from '../../content/frontmatter.js';
import { markdownLimitProblem } from '../../content/limits.js';
import { markdownOf, type Original, writeBack } from '../../content/markdown/index.js';
import { asParsed, bodyUnderTitle, type PageFile, parsePageFile } from '../../content/page-file.js';
import { isAbsoluteUrl, resolveRelative, splitAnchor } from '../../content/paths.js';
import type { BlobStore } from '../../store/index.js';
import { DomainError, notFound } from '../core/errors.js';
import { parsePageFileOffThread } from '../content-writes/page-file-parse.js';
import type { RevisionIndex } from './revision-index.js';

export type BodyFormat = 'markdown' | 'document';
export type JsonDocument = JSONDocument;
export type PageBody = { markdown: string } | { document: JsonDocument };

/** What a document is read in: the revision (to turn relative links into page and file references) and its file. */
export interface DocumentSource {
  revisionId: string;
  index: RevisionIndex;
  blob: string;
  /** The repository path of the page or include file, against which its relative links resolve. */
  gitPath: string | null;
  /** The page's title: a leading H1 that differs from it is content (gitsync-format §3.2). None for includes. */
  title?: string;
  /** Variable values, when expressions are to be evaluated. */
  variables?: Record<string, unknown>;
}

const CACHED_DOCUMENTS = 256;

/**
 * Page bodies as markdown (frontmatter and leading H1 removed) or as GitBook document JSON, derived from the
 * page blob and cached, most recently used first: a blob is parsed once however often it is read.
 */
export class Documents {
  private readonly bodies = new LRUCache<string, Body>({ max: CACHED_DOCUMENTS });
  private readonly derived = new LRUCache<string, PageBody>({ max: CACHED_DOCUMENTS });

  constructor(private readonly blobs: BlobStore) {}

  async body(source: DocumentSource, format: BodyFormat): Promise<PageBody> {
    const key = `${format}\n${source.revisionId}\n${source.blob}\n${source.gitPath ?? ''}\n${source.variables ? 'evaluated' : ''}\n${source.title ?? ''}`;
    const cached = this.derived.get(key);
    if (cached) return cached;
    const unparsed = format === 'markdown' ? await this.overLimits(source.blob) : null;
    if (unparsed !== null) return { markdown: unparsed };
    const parsed = await this.root(source.blob, source.title);
    const root = source.variables ? evaluate(parsed.root, source.variables) : parsed.root;
    // Markdown is the file's own bytes for every block that reads the same (all of them, unless evaluated).
    const markdown = () => (parsed.original ? writeBack(root, parsed.original).replace(/^\n+/, '') : markdownOf(root));
    const body: PageBody = format === 'markdown' ? { markdown: markdown() } : { document: this.toDocument(root, source) };
    this.derived.set(key, body);
    return body;
  }

  /**
   * Relative links become page, anchor and file references. Each reference maps back to the destination it was
   * read from, so the document converts back to the same markdown.
   */
  private toDocument(root: Root, source: DocumentSource): JsonDocument {
    const written = new Map<string, string>();
    return toDocument(root, {
      resolveRef: (url) => {
        const ref = resolveRef(source, url);
        if (ref && !written.has(refKey(ref))) written.set(refKey(ref), url);
        return ref;
      },
      refToUrl: (ref) => written.get(refKey(ref)),
    });
  }

  /**
   * Parses the blob's body off the request thread (within the markdown limits), unless it is parsed already: the
   * reads that follow find it. Without it, `body` parses on the calling thread (still within the limits).
   */
  async load(oid: string, title: string | undefined): Promise<void> {
    const key = `${oid}\n${title ?? ''}`;
    if (this.bodies.has(key)) return;
    const bytes = await this.blobs.get(oid);
    if (!bytes || (await this.overLimits(oid)) !== null) return; // `root` says why
    const page = await parsePageFileOffThread(new TextDecoder('utf-8').decode(bytes), 'format');
    this.bodies.set(key, parsedBody(page, title));
  }

  /** The body of a page file over the markdown limits (kept as written, never parsed): its text after the frontmatter. */
  private async overLimits(oid: string): Promise<string | null> {
    const bytes = await this.blobs.get(oid);
    const text = bytes ? new TextDecoder('utf-8').decode(bytes) : '';
    return markdownLimitProblem(text) ? splitFrontmatter(text).body : null;
  }

  /** The page's body tree: parsed from its blob once per title, and never changed afterwards (evaluation copies it). */
  private async root(oid: string, title: string | undefined): Promise<Body> {
    const key = `${oid}\n${title ?? ''}`;
    const cached = this.bodies.get(key);
    if (cached) return cached;
    const bytes = await this.blobs.get(oid);
    if (!bytes) throw notFound(`The document ${oid} is not stored on this server`);
    const text = new TextDecoder('utf-8').decode(bytes);
    const problem = markdownLimitProblem(text);
    if (problem)
      throw new DomainError(problem.kind, `format: the page's markdown ${problem.message}, so it has no document form; read it with format=markdown`);
    const body = parsedBody(parsePageFile(text), title);
    this.bodies.set(key, body);
    return body;
  }
}

/** A page's body, and the file it was parsed from for the write-back. */
interface Body {
  root: Root;
  original?: Original;
}

function parsedBody(page: PageFile, title: string | undefined): Body {
  const original = asParsed(page);
  return { root: bodyRoot(page.body, title), ...(original ? { original } : {}) };
}

/** The body under its title, starting at its first block: the title and the blank lines after it belong to the page file. */
function bodyRoot(parsed: Root, title: string | undefined): Root {
  const body = bodyUnderTitle(parsed, title);
  const { titleHeading: _title, leadingBlankLines: _blank, ...data } = (body.data ?? {}) as Record<string, unknown>;
  return { ...body, data };
}

/** A relative destination as a page, anchor or file reference of the revision; URLs and unknown paths stay URLs. */
function resolveRef(source: DocumentSource, url: string): ContentRef | undefined {
  if (isAbsoluteUrl(url)) return undefined;
  const { path, anchor } = splitAnchor(url);
  if (path === '') return anchor ? { kind: 'anchor', anchor } : undefined;
  if (source.gitPath === null) return undefined;
  const target = resolveRelative(source.gitPath, path);
  if (target === null) return undefined;
  const page = source.index.pageAtGitPath(target);
  if (page) return anchor ? { kind: 'anchor', anchor, page: page.id } : { kind: 'page', page: page.id };
  const file = source.index.filesByGitPath.get(target);
  if (file) return { kind: 'file', file: file.id };
  return undefined;
}

const refKey = (ref: ContentRef): string => JSON.stringify(ref);

/** A copy of the tree with `space.vars.x` / `vars.x` expressions replaced by their values; others stay. */
function evaluate(root: Root, variables: Record<string, unknown>): Root {
  const visit = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    const n = node as { type?: string; value?: string; children?: unknown[] };
    if (n.type === 'expression' && typeof n.value === 'string') {
      const name = /^\s*(?:space\.)?vars\.([\w-]+)\s*$/.exec(n.value)?.[1];
      const value = name === undefined ? undefined : variables[name];
      if (value !== undefined && value !== null && typeof value !== 'object') return { type: 'text', value: String(value) };
      return node;
    }
    return n.children ? { ...n, children: n.children.map(visit) } : node;
  };
  return visit(root) as Root;
}
