/**
 * Links to another page's heading by an alias (`guide.md#release-49`) point at the heading's id (`/guide/#release-4.9`).
 * A page renders before the pages it links to, so its links are settled when the build writes it, once every page of
 * its site space has rendered: a page with such links waits until then. A page kept from an earlier build is settled
 * too, from its file, when a page it links to now names that heading otherwise. Each link remembers the fragment its
 * page's HTML has (`PageLink.fragment`), so a later build knows what to look for.
 */
import { resolveAnchor } from '../../content/heading-aliases.js';
import type { RevisionPage } from '../../model/index.js';
import type { PageAnchors } from '../link-check.js';
import type { PageLink } from '../render/context.js';
import type { SpaceUrls } from '../urls.js';

/** Whether the links of page `pageId` name another page's anchor: its fragments wait for every page's anchors. */
export function linksOtherAnchors(pageId: string, links: readonly PageLink[]): boolean {
  return links.some((link) => link.page !== null && link.page !== pageId && link.anchor);
}

export interface SettledLinks {
  links: PageLink[];
  /** `href="<old url>"` -> `href="<new url>"`, for the page's HTML; empty when it is right as it is. */
  replacements: Map<string, string>;
}

/**
 * The links of page `pageId` with each link to another page's anchor at the id it lands on (as written when it
 * lands nowhere), and the changes that make its HTML say so.
 */
export function settleLinks(
  pageId: string,
  links: readonly PageLink[],
  anchorsOf: (pageId: string) => PageAnchors | undefined,
  pageOf: (pageId: string) => Pick<RevisionPage, 'path'> | undefined,
  urls: SpaceUrls,
): SettledLinks {
  const replacements = new Map<string, string>();
  const settled = links.map((link) => {
    if (link.page === null || link.page === pageId || !link.anchor) return link;
    const anchors = anchorsOf(link.page);
    const target = pageOf(link.page);
    if (!anchors || !target) return link;
    const wanted = resolveAnchor(link.anchor, anchors.ids, anchors.aliases) ?? link.anchor;
    const current = link.fragment ?? link.anchor;
    if (wanted !== current) replacements.set(hrefAttr(urls.page(target, current)), hrefAttr(urls.page(target, wanted)));
    if (wanted === link.anchor) {
      const { fragment: _, ...written } = link;
      return written;
    }
    return { ...link, fragment: wanted };
  });
  return { links: settled, replacements };
}

/** `html` with each `href` of `replacements` replaced, all in one pass (one link's new `href` may be another's old). */
export function replaceHrefs(html: string, replacements: ReadonlyMap<string, string>): string {
  if (replacements.size === 0) return html;
  const any = new RegExp([...replacements.keys()].map((from) => from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return html.replace(any, (from) => replacements.get(from) ?? from);
}

/** The attribute as the renderer writes it: URLs from `SpaceUrls.page` are percent-encoded, with nothing to escape. */
const hrefAttr = (url: string) => `href="${url}"`;
