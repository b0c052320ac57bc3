// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BrokenLinksError, buildSite } from '../../src/site/build.js';
import { escapeHtml } from '../../src/site/html.js';
import { buildNav, countEntries, FULL_SIDEBAR_ENTRIES } from '../../src/site/nav.js';
import { siteSources, spaceSite } from '../../src/site/space-site.js';
import { SpaceUrls } from '../../src/site/urls.js';
import { setup } from '../gitsync/helpers.js';
import { CORPORA, syncedSpace, tempDir } from './helpers.js';
import { searchSite } from './search.js';

const sidebarOf = (htmlText: string) => /<nav class="sidebar-nav"[\s\S]*?<\/nav>/.exec(htmlText)?.[0] ?? '';

describe.each(['git-sync-normalization', 'beefree-sdk-docs'])('building %s', (corpus) => {
  it("writes every page, a sidebar of the visible tree, and the site files; broken links are the source's own", async () => {
    const space = await syncedSpace(join(CORPORA, corpus), corpus);
    const out = tempDir(corpus);
    const report = await space.build(out, { strictLinks: false });
    const view = await space.view();
    const documents = view.index.documents();
    expect(report.pages).toBe(documents.length);

    for (const page of documents) {
      const dir = page.path ? `${page.path}/` : '';
      expect(existsSync(join(out, dir, 'index.html')), page.path).toBe(true);
      expect(existsSync(join(out, page.path ? `${page.path}.md` : 'index.md')), page.path).toBe(true);
    }
    for (const file of ['sitemap.xml', 'robots.txt', 'llms.txt', 'llms-full.txt', '404.html', 'search-index.json', '_quire/site.css', '_quire/site.js']) {
      expect(existsSync(join(out, file)), file).toBe(true);
    }

    // The sidebar lists the visible pages in tree order, and no hidden page: the page's own, or past 200 entries the
    // tree it names (the page has its part of it).
    const own = sidebarOf(readFileSync(join(out, 'index.html'), 'utf8'));
    const tree = /data-nav-src="\/(_quire\/nav-[0-9a-f]+\.html)"/.exec(own)?.[1];
    const sidebar = tree ? readFileSync(join(out, tree), 'utf8') : own;
    expect(tree !== undefined, 'a tree asset past 200 entries').toBe(countEntries(buildNav(view.index, new SpaceUrls('/', '')).items) > FULL_SIDEBAR_ENTRIES);
    const listed = [...sidebar.matchAll(/data-nav="([^"]+)"/g)].map((m) => m[1]);
    const hiddenIds = new Set(view.content.pages.filter((p) => p.hidden).map((p) => p.id));
    const hiddenUnder = (id: string | null): boolean => id !== null && (hiddenIds.has(id) || hiddenUnder(view.index.pages.get(id)?.parentId ?? null));
    const expected = view.content.pages.filter((p) => (p.kind === 'document' || p.kind === 'link') && !hiddenUnder(p.id)).map((p) => p.id);
    expect(listed.filter((id) => view.index.pages.get(id!)?.kind === 'document')).toEqual(
      expected.filter((id) => view.index.pages.get(id)?.kind === 'document'),
    );
    for (const group of view.content.pages.filter((p) => p.kind === 'group' && !p.hidden)) {
      expect(sidebar).toMatch(
        new RegExp(`<(p|summary) class="nav-group-title">${escapeHtml(group.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</(p|summary)>`),
      );
    }
    // Every page links its own sidebar entry as the current page.
    for (const page of documents.slice(0, 20)) {
      const htmlText = readFileSync(join(out, page.path ? `${page.path}/` : '', 'index.html'), 'utf8');
      if (!hiddenUnder(page.id)) expect(htmlText).toContain(`data-nav="${page.id}" aria-current="page"`);
    }

    // A broken file or page link points at something the repository does not have.
    for (const broken of report.brokenLinks) {
      const missing = /^no (?:file|page) at (.+)$/.exec(broken.problem)?.[1];
      if (missing) {
        const inSummary = view.index.pageAtGitPath(missing);
        expect(inSummary, `${broken.page}: ${broken.href}`).toBeUndefined();
        expect(existsSync(join(CORPORA, corpus, missing)) && !missing.endsWith('.md'), `${broken.page}: ${broken.href}`).toBe(false);
      } else {
        expect(broken.problem).toMatch(/^(marked broken in the source|no anchor #.+ in the target page)$/);
      }
    }
    if (report.brokenLinks.length) console.info(`${corpus}: ${report.brokenLinks.length} broken links in the source`);

    // llms.txt links the markdown copies, and search finds a page by its title.
    const llms = readFileSync(join(out, 'llms.txt'), 'utf8');
    for (const match of llms.matchAll(/\]\(https:\/\/docs\.example\.com\/([^)]+\.md)\)/g))
      expect(existsSync(join(out, decodeURIComponent(match[1]!))), match[1]).toBe(true);
    const last = documents[documents.length - 1]!;
    const hits = await searchSite(out, last.title);
    expect(hits.map((h) => h.title)).toContain(last.title);
  });
});

describe('link checking', () => {
  it('fails a strict build with a report naming each page and link', async () => {
    const space = await syncedSpace(join(CORPORA, 'beefree-sdk-docs'), 'Beefree');
    const error = await space.build(tempDir('strict')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrokenLinksError);
    expect((error as BrokenLinksError).message).toMatch(/broken internal links[\s\S]*--no-strict-links/);
    expect((error as BrokenLinksError).report.brokenLinks.length).toBeGreaterThan(0);
  });
});

/** The anchors a build of every space of `corpus` reports broken, as `page href`. */
async function brokenAnchors(corpus: string): Promise<string[]> {
  const env = await setup();
  const reports = await env.sync(join(CORPORA, corpus), corpus === 'public-docs' ? {} : { space: corpus });
  const broken: string[] = [];
  for (const { space } of reports) {
    const input = await spaceSite(env.domain, env.caller, space.id, { siteUrl: 'https://docs.example.com' });
    const report = await buildSite(input, siteSources(env.domain), { out: tempDir(corpus), strictLinks: false });
    for (const b of report.brokenLinks) if (b.problem.startsWith('no anchor')) broken.push(`${b.page} ${b.href}`);
  }
  return broken;
}

describe('anchors named the way GitHub and legacy GitBook name headings', () => {
  it('resolve on metalbear-docs: what is left names no heading of the target page', async () => {
    const broken = await brokenAnchors('metalbear-docs');
    // `## I've run my program with mirrord, but it seems to have no effect`, linked by GitHub's slug (the id is `i-ve-...`).
    expect(broken.join('\n')).not.toContain('#ive-run-my-program-with-mirrord-but-it-seems-to-have-no-effect');
    expect(broken).toEqual([
      'docs/installing-mirrord/wsl.md wsl.md#root-project-vscode',
      'docs/using-mirrord/multi-cluster.md ../sharing-the-cluster/queue-splitting.md#setting-a-filter',
      // The heading is now "Replacing a Whole Workload Using `scale_down`".
      'docs/sharing-the-cluster/queue-splitting.md ../using-mirrord/copy-target.md#replacing-a-whole-deployment-using-scale_down',
      'docs/managing-mirrord/license-server.md ../getting-started/quick-start.md#helm',
    ]);
  });

  it('resolve on public-docs: GitHub slugs of headings with a stored id, and of lettered headings', async () => {
    const broken = await brokenAnchors('public-docs');
    // 44 before aliases; `### Table of contents <a id="the-table-of-contents">` linked as #table-of-contents (3 pages),
    // `## A. How Does This Actually Work?` as #a-how-does-this-actually-work, `## E. Submitting Notices` as #e-submitting-notices.
    expect(broken).toHaveLength(39);
    for (const fixed of ['#table-of-contents', '#a-how-does-this-actually-work', '#e-submitting-notices']) expect(broken.join('\n')).not.toContain(fixed);
  });
});
