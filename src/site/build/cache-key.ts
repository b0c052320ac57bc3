/**
 * A page's render key: the build renders a page again only when its key differs from the one in the manifest of the
 * previous build. The key covers what the page's HTML is made from: the page's file and metadata, and what every page
 * of its site space shares (sidebar, customization, templates, chrome, claims, includes, variables, files, OpenAPI).
 */
import { pageUpdatedAt } from '../../domain/content/page-dates.js';
import type { DocumentPage, RevisionContent } from '../../model/index.js';
import { customizationHash, type ResolvedCustomization, stableJson } from '../customization.js';
import type { FeedbackTarget } from '../page.js';
import { sha1Hex } from '../../platform/digest.js';

export interface Tab {
  title: string;
  url: string;
  current: boolean;
}

/** What every page of a site space is rendered with: a change re-renders the whole space. */
export interface SpaceKeyInput {
  /** `Nav.hash`: titles, URLs and the shape of the sidebar. */
  navHash: string;
  customization: ResolvedCustomization;
  /** `SiteAssets.version`: the templates and assets. */
  assetVersion: string;
  siteTitle: string;
  sections: readonly Tab[];
  variants: readonly Tab[];
  base: string;
  prefix: string;
  editUrl?: string | undefined;
  siteUrl?: string | undefined;
  /** Where the feedback widget sends answers. */
  feedback?: FeedbackTarget | undefined;
  claims?: Record<string, unknown> | undefined;
  /** Of the revision: the includes, the variables and the files (not their bytes). */
  content: Pick<RevisionContent, 'reusableContents' | 'variables' | 'files'>;
  /** `OpenAPISpecSource.stamp`. */
  openapiStamp?: string | undefined;
}

const hash = (text: string) => sha1Hex(text, 20);

export function spaceKey(input: SpaceKeyInput): string {
  const claims = input.claims ? hash(stableJson(input.claims)) : '';
  return `${input.navHash}|${customizationHash(input.customization)}|${input.assetVersion}|${chromeHash(input)}|${claims}|${sharedHash(input.content)}|${input.openapiStamp ?? ''}`;
}

/** The key of `page` in a site space of key `space` (see `spaceKey`). */
export function pageKey(space: string, page: DocumentPage): string {
  return hash(`${page.blob}|${space}|${pageMeta(page)}`);
}

/** What the chrome shows beside the customization and the sidebar. */
function chromeHash(input: SpaceKeyInput): string {
  const { siteTitle, sections, variants, base, prefix, editUrl, siteUrl, feedback } = input;
  return hash(stableJson({ siteTitle, sections, variants, base, prefix, editUrl, siteUrl, feedback }));
}

/** Includes, variables and the set of files are read by any page's render: a change re-renders every page. */
function sharedHash(content: SpaceKeyInput['content']): string {
  const includes = content.reusableContents.map((r) => [r.id, r.blob, r.git?.path ?? null]);
  const files = content.files.map((f) => [f.id, f.name, f.git?.path ?? null]);
  return hash(stableJson({ includes, variables: content.variables, files }));
}

/** In a fixed order, so only the layout (an object from the store) needs its keys sorted: planned for every page. */
function pageMeta(page: DocumentPage): string {
  const { title, description, emoji, path, layout, noIndex, noRobotsIndex } = page;
  const fields = [title, description, emoji, path, noIndex, noRobotsIndex, page.git?.path, pageUpdatedAt(page)];
  return `${JSON.stringify(fields)}${layout ? stableJson(layout) : ''}`;
}
