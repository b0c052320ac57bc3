/**
 * What the builder is given (a site as a list of site spaces, each a URL prefix, a revision and a customization, and
 * where to read their bytes) and what it reports.
 */
import type { RevisionView } from '../domain/content/content.js';
import type { BlobStore } from '../store/index.js';
import type { SiteCustomization } from './customization.js';
import type { BrokenLink } from './link-check.js';
import type { OpenAPISpecSource } from './render/openapi/source.js';

export interface SiteSpaceInput {
  /** URL path of the site space inside the site: '' for the root, else `section/variant` (no slashes around). */
  prefix: string;
  title: string;
  view: RevisionView;
  /** The section this site space belongs to (sites with sections show one tab per section): its id, and its tab title. */
  section?: string;
  sectionTitle?: string;
  /** The site space's id, for a site of the sites API. */
  siteSpaceId?: string;
  /** Published, but left out of the variant switcher. */
  hidden?: boolean;
  customization?: SiteCustomization;
  /** Base URL of the repository files for "Edit on git" (`https://github.com/o/r/blob/main/`); the page's git path is appended. */
  editUrl?: string;
  /** `.gitbook.yaml` redirects: old path (relative to the space, no `.md`) -> repository path of the target file. */
  redirects?: Record<string, string>;
}

export interface SiteInput {
  title: string;
  /** Where the site is served: `/` (default) or `/docs/`. */
  basePath?: string;
  /** Absolute origin for the sitemap, canonical URLs and robots.txt, e.g. `https://docs.example.com`. */
  siteUrl?: string;
  spaces: SiteSpaceInput[];
  /** The visitor's claims that `{% if %}` blocks read (`visitor.claims`); none in a static public build. */
  claims?: Record<string, unknown>;
  /** Site redirects: site path (no base, no slashes around) -> site URL. */
  redirects?: Array<{ from: string; to: string }>;
  /**
   * External links of the site's navigation, shown among the section tabs: each right after the section it follows
   * in the site's structure (`after`), or first.
   */
  links?: Array<{ title: string; url: string; after?: string }>;
  /**
   * Where the page feedback widget posts a visitor's answers (`trackEventsInSiteById` of the server that serves the
   * site, with `siteSpaceId`); none: an answer stays in the visitor's browser.
   */
  feedbackEndpoint?: string;
  /** The OpenAPI documents pages show (`{% openapi-operation %}`, `builtin:openapi` pages); none: blocks show a signature only. */
  openapi?: OpenAPISpecSource;
}

export interface BuildOptions {
  out: string;
  /** Broken internal links and anchors fail the build (default); false reports them as warnings. */
  strictLinks?: boolean;
  onProgress?: (event: { space: string; done: number; total: number }) => void;
  /** Render only these pages (ids) and write their files, nothing else; no cache read or written (`docs watch`). */
  only?: ReadonlySet<string>;
  /** Render page bodies on a worker thread when there are many to render (default); false renders them all here. */
  renderWorkers?: boolean;
  /**
   * With `LEAN_HEAP_FROM` new pages or more (a first build, a big import, an upgrade), set the process's lean heap before any worker
   * starts (platform/heap.ts): for a command that builds once, as its V8 flags stay set. A rebuild keeps V8's heap,
   * which it is quicker with.
   */
  leanHeap?: boolean;
}

/** What the builder reads from the store: page and file bytes by blob oid, and each page's parse record. */
export interface SiteSources {
  blobs: BlobStore;
  /** The space's content root in its repository (links starting with `/` resolve against it). */
  spaceRoot(view: SiteSpaceInput['view']): Promise<string>;
  /**
   * The packed bodies a sync parsed of page blobs `oids` (content/parsed-body.ts), for those it stored one: a page
   * with none is parsed from its markdown at its render.
   */
  parsedBodies?(oids: readonly string[]): Promise<Map<string, Uint8Array>>;
}

export interface BuildReport {
  out: string;
  pages: number;
  /** Pages rendered by this build; the others were unchanged and kept. */
  rendered: number;
  /** Of those, the pages whose body a render worker rendered. */
  renderedOnWorkers: number;
  files: number;
  /** Site spaces whose search index this build updated (wrote a file or its manifest of). */
  searchIndexed: number;
  brokenLinks: BrokenLink[];
  warnings: string[];
  ms: number;
}
