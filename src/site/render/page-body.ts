/** One page's body, rendered the same way on the build's thread and on a render worker. */
import type { Root } from 'mdast';
import { markdownLimitProblem } from '../../content/limits.js';
import { bodyUnderTitle, parsePageFile, readMarkdown, type Section, underTitle } from '../../content/index.js';
import { unpackBody } from '../../content/parsed-body.js';
import type { RevisionIndex } from '../../domain/content/content.js';
import type { DocumentPage } from '../../model/index.js';
import type { SpaceUrls } from '../urls.js';
import { RenderContext } from './context.js';
import { type RenderedBody, renderBody } from './markdown.js';
import type { OpenAPISpecSource } from './openapi/source.js';

/** What every page of a site space renders against. */
export interface SpaceRender {
  index: RevisionIndex;
  urls: SpaceUrls;
  options: Omit<RenderContext['options'], 'openapi'>;
  /** A reusable content's body by repository path (a fresh tree each call), or null. */
  reusable: (gitPath: string) => Root | null;
}

export interface PageRenderOptions {
  /** The site's OpenAPI specs, for pages with OpenAPI blocks. */
  openapi?: OpenAPISpecSource;
}

/** The body, its code blocks left as markers for the highlight worker (`RenderedBody.code`, `CodeHighlights.fill`). */
export async function renderPageBody(space: SpaceRender, page: DocumentPage, source: PageSource, options: PageRenderOptions = {}): Promise<RenderedBody> {
  const { openapi } = options;
  const { root, sections } = pageRoot(page, source);
  const ctx = new RenderContext(page, space.index, space.urls, { ...space.options, ...(openapi ? { openapi } : {}) });
  await openapi?.prepare(root, ctx);
  return renderBody(root, page.title, ctx, space.reusable, sections ? underTitle(sections, page.title) : undefined);
}

/**
 * What a page body renders from: its body as the sync parsed it (`PackedBody.packed`: its tree and search sections),
 * with its markdown should those not read; else its markdown; null without a blob.
 */
export type PageSource = { body: Uint8Array; text: string } | { text: string } | null;

/**
 * The page's body under its title, from its source, with its search sections when the sync found those a render
 * gives (else null: the render finds them in the tree).
 */
export function pageRoot(page: DocumentPage, source: PageSource): { root: Root; sections: Section[] | null } {
  if (source === null) return { root: { type: 'root', children: [] }, sections: null };
  if ('body' in source) {
    try {
      const { tree, sections } = unpackBody(source.body);
      return { root: bodyUnderTitle(tree, page.title), sections };
    } catch {
      // Bytes the store spoilt: the markdown says the same.
    }
  }
  return { root: parsedRoot(page, source.text), sections: null };
}

function parsedRoot(page: DocumentPage, text: string): Root {
  const problem = markdownLimitProblem(text);
  if (problem) return notShown(`its markdown ${problem.message}`);
  try {
    return bodyUnderTitle(parsePageFile(text, { parse: readMarkdown }).body, page.title);
  } catch (error) {
    return notShown(`its markdown could not be read (${(error as Error).message})`); // e.g. inline nesting too deep
  }
}

const notShown = (why: string): Root => ({
  type: 'root',
  children: [{ type: 'paragraph', children: [{ type: 'text', value: `This page is not shown: ${why}.` }] }],
});

/** Reusable contents by repository path, parsed once from their text, handed out as fresh trees. */
export function reusableFrom(text: (gitPath: string) => string | null): (gitPath: string) => Root | null {
  const cache = new Map<string, Root | null>();
  return (gitPath) => {
    if (!cache.has(gitPath)) {
      const markdown = text(gitPath);
      cache.set(gitPath, markdown === null || markdownLimitProblem(markdown) ? null : parsePageFile(markdown, { parse: readMarkdown }).body);
    }
    const root = cache.get(gitPath);
    return root ? structuredClone(root) : null;
  };
}

/** Whether a page's markdown may hold OpenAPI blocks, which need the site's specs. */
export const mayUseOpenAPI = (source: string): boolean => /openapi|swagger/i.test(source);
