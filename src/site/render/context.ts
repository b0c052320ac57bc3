/** What rendering one page needs to know: where it is, how to resolve its references, and what it found. */
import { classifyLink, decodePath, type LinkNode } from '../../content/index.js';
import type { RevisionIndex } from '../../domain/content/content.js';
import type { DocumentPage, RevisionFile } from '../../model/index.js';
import { safeUrl } from '../html.js';
import type { SpaceUrls } from '../urls.js';
import { type CodeBlock, codeMarker } from './highlight.js';
import type { OpenAPISpecSource } from './openapi/source.js';
import { openapiRendering } from './openapi/blocks.js';
import type { BlockRenderContext } from '../../content/blocks/render.js';

/** One internal reference of a page, kept so links can be checked once every page's anchors are known. */
export interface PageLink {
  href: string;
  /** The page it points to (this page for `#anchor`), or null when it resolves to nothing. */
  page: string | null;
  anchor?: string;
  /** The fragment the page's HTML links to when it is not `anchor`: the id an alias lands on (see build/fragments.ts). */
  fragment?: string;
  /** Why it is broken when `page` is null and it is not a file. */
  problem?: string;
}

export interface ResolvedRef {
  /** The URL to write, or null when the reference is broken or unsafe. */
  url: string | null;
  external: boolean;
  page?: DocumentPage;
  file?: RevisionFile;
}

export class RenderContext implements BlockRenderContext {
  readonly links: PageLink[] = [];
  private hlCount = 0;
  /** Highlighted code by placeholder key: inserted after sanitising (Shiki output is trusted, markdown is not). */
  readonly trusted = new Map<string, string>();
  /** The code blocks left to the highlight worker, by marker index (see `codeMarker`). */
  readonly deferredCode: CodeBlock[] = [];

  constructor(
    readonly page: DocumentPage,
    readonly index: RevisionIndex,
    readonly urls: SpaceUrls,
    readonly options: {
      spaceRoot: string;
      externalTarget: 'self' | 'blank';
      variables: Record<string, unknown>;
      nonce: string;
      claims?: Record<string, unknown>;
      openapi?: OpenAPISpecSource;
    },
  ) {}

  /** OpenAPI blocks, when the build was given specs to render them from. */
  get openapi(): ReturnType<typeof openapiRendering> | undefined {
    return this.options.openapi ? openapiRendering(this, this.options.openapi) : undefined;
  }

  get gitPath(): string {
    return this.page.git?.path ?? 'README.md';
  }

  /** A placeholder key for a code block's highlighted HTML: a marker the highlight worker's HTML replaces. */
  code(code: string, lang: string | null | undefined): string {
    this.deferredCode.push([lang ?? null, code]);
    return this.placeholder(codeMarker(this.options.nonce, this.deferredCode.length - 1));
  }

  /** A placeholder key for trusted HTML. */
  placeholder(htmlText: string): string {
    const key = `${this.options.nonce}-${this.hlCount++}`;
    this.trusted.set(key, htmlText);
    return key;
  }

  /**
   * The repository path of the reusable content an `{% include %}` names (by its path from this page, or as
   * `/reusable-content/<id>`), or null, reported as a broken link.
   */
  includePath(href: string): string | null {
    const link = classifyLink(href, this.gitPath, 'include', this.options.spaceRoot);
    const byId = /^\/reusable-content\/([^/?#]+)/.exec(href)?.[1];
    const rc =
      byId !== undefined
        ? this.index.reusable.get(byId)
        : link && link.kind !== 'url'
          ? (this.index.reusableByGitPath.get(link.target) ?? this.index.reusableByGitPath.get(decodePath(link.target)))
          : undefined;
    if (rc?.git) return rc.git.path;
    this.links.push({ href, page: null, problem: `no reusable content at ${link && link.kind !== 'url' ? link.target : href}` });
    return null;
  }

  /** Resolves a reference as written in the page (relative `.md` path, asset path, URL, `#anchor`) to a site URL. */
  resolve(href: string, node: LinkNode = 'link'): ResolvedRef {
    const link = classifyLink(href, this.gitPath, node, this.options.spaceRoot);
    if (!link) return { url: null, external: false };
    switch (link.kind) {
      case 'url': {
        const url = safeUrl(link.target);
        return { url, external: url !== null && !url.startsWith('/') };
      }
      case 'broken':
        this.links.push({ href, page: null, problem: 'marked broken in the source' });
        return { url: null, external: false };
      case 'anchor':
        this.links.push({ href, page: this.page.id, ...(link.anchor ? { anchor: link.anchor } : {}) });
        return { url: `#${link.anchor ?? ''}`, external: false, page: this.page };
      case 'page': {
        const page = this.index.pageAtGitPath(link.target) ?? this.index.pageAtGitPath(decodePath(link.target));
        if (!page) {
          this.links.push({ href, page: null, problem: `no page at ${link.target}` });
          return { url: null, external: false };
        }
        this.links.push({ href, page: page.id, ...(link.anchor ? { anchor: link.anchor } : {}) });
        return { url: this.urls.page(page, link.anchor), external: false, page };
      }
      case 'file': {
        const file = this.index.filesByGitPath.get(link.target) ?? this.index.filesByGitPath.get(decodePath(link.target));
        const page = file ? undefined : (this.index.pageAtGitPath(link.target) ?? this.index.pageAtGitPath(decodePath(link.target)));
        if (page) {
          this.links.push({ href, page: page.id });
          return { url: this.urls.page(page, link.anchor), external: false, page };
        }
        if (!file) {
          this.links.push({ href, page: null, problem: `no file at ${link.target}` });
          return { url: null, external: false };
        }
        return { url: this.urls.file(file), external: false, file };
      }
    }
  }
}
