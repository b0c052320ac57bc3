/** Internal links and anchors of a built site space, checked once every page's anchors are known. */
import { type AnchorAliases, resolveAnchor } from '../content/heading-aliases.js';
import type { PageLink } from './render/context.js';

export interface BrokenLink {
  /** The site space (its prefix, or its title for a one-space site). */
  space: string;
  /** Repository path of the page the link is in. */
  page: string;
  href: string;
  problem: string;
}

/** A page's ids, and the other names of its headings (GitHub's, legacy GitBook's...), which links may use too. */
export interface PageAnchors {
  ids: ReadonlySet<string>;
  aliases?: AnchorAliases | undefined;
}

export function checkLinks(
  space: string,
  pages: ReadonlyArray<{ id: string; gitPath: string; links: readonly PageLink[] }>,
  anchorsOf: (pageId: string) => PageAnchors | undefined,
): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const page of pages) {
    for (const link of page.links) {
      if (link.page === null) {
        if (link.problem) broken.push({ space, page: page.gitPath, href: link.href, problem: link.problem });
        continue;
      }
      if (link.anchor === undefined || link.anchor === '') continue;
      const anchors = anchorsOf(link.page);
      if (anchors && resolveAnchor(link.anchor, anchors.ids, anchors.aliases) === null) {
        broken.push({ space, page: page.gitPath, href: link.href, problem: `no anchor #${link.anchor} in the target page` });
      }
    }
  }
  return broken;
}

/** A report a person can act on: grouped by page, the pages with most broken links first. */
export function describeBrokenLinks(broken: readonly BrokenLink[]): string {
  const byPage = new Map<string, BrokenLink[]>();
  for (const b of broken) byPage.set(`${b.space}: ${b.page}`, [...(byPage.get(`${b.space}: ${b.page}`) ?? []), b]);
  const groups = [...byPage].sort((a, b) => b[1].length - a[1].length);
  return groups.map(([page, links]) => `  ${page}\n${links.map((l) => `    ${l.href}  (${l.problem})`).join('\n')}`).join('\n');
}
