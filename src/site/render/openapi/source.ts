/** Where a site build gets the OpenAPI documents its pages show (organization specs by slug, files, URLs). */
import type { Root } from 'mdast';
import type { RenderContext } from '../context.js';
import type { OpenAPIDocument } from '../../../content/openapi/document.js';

export type LoadedSpec = { doc: OpenAPIDocument; url: string | null } | { error: string };

export interface OpenAPISpecSource {
  /** Changes whenever a spec the build may show changes: part of every page's cache key. */
  readonly stamp: string;
  /** Reads what the page's blocks name that needs I/O (URLs); awaited before the page is rendered. */
  prepare(root: Root, ctx: RenderContext): Promise<void>;
  /** Reads the organization specs of these slugs, so that `bySlug` answers them (the `builtin:openapi` pages). */
  load(slugs: readonly string[]): Promise<void>;
  /** An organization spec, by slug (`spec="petstore"`, `builtin:openapi` pages). */
  bySlug(slug: string): LoadedSpec;
  /** A `src` as written in the page: a file of the space (relative path) or a URL. */
  bySrc(src: string, ctx: RenderContext): LoadedSpec;
}
