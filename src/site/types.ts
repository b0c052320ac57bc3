/** What the builder is given: a site as a list of site spaces, each a URL prefix, a revision and a customization. */
import type { RevisionView } from '../domain/content/content.js';
import type { SiteCustomization } from './customization.js';
import type { OpenAPISpecSource } from './render/openapi/source.js';

export interface SiteSpaceInput {
  /** URL path of the site space inside the site: '' for the root, else `section/variant` (no slashes around). */
  prefix: string;
  title: string;
  view: RevisionView;
  /** The section this site space belongs to (sites with sections show one tab per section): its id, and its tab title. */
  section?: string;
  sectionTitle?: string;
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
}
