import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/gen-corpus.mjs';
import { FULL_SIDEBAR_ENTRIES, LIST_WINDOW, type Nav, type NavItem, spaceSidebar } from '../../src/site/nav.js';
import { syncedSpace, tempDir } from './helpers.js';
import { fileOf, hrefsOf, sidebarOf, walkSidebars } from './sidebar-scale.js';

const navAssets = (out: string) => readdirSync(join(out, '_quire')).filter((name) => /^nav-[0-9a-f]+\.html$/.test(name));
const page = (out: string, url: string) => readFileSync(fileOf(out, url), 'utf8');

describe("a page's part of the tree", () => {
  /**
   * A tree of every shape: groups, pages under pages, links, pages hidden from it (and so their children), a list of
   * `LIST_WINDOW` entries, one more and longer ones (a group's for an odd seed, the top level's for an even one).
   */
  function randomNav(seed: number): { nav: Nav; pages: string[] } {
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const parents = new Map<string, string | null>();
    const pages: string[] = [];
    let next = 0;
    const entry = (parent: string | null, kind: NavItem['kind'], children: (id: string) => NavItem[] = () => []): NavItem | null => {
      const id = `p${next++}`;
      parents.set(id, parent);
      if (kind === 'document') pages.push(id);
      const under = children(id);
      if (kind === 'document' && random() < 0.05) return null; // hidden: under its parent, in no list, nor its children
      const url = kind === 'group' ? null : kind === 'link' ? `https://example.com/${id}` : `/${id}/`;
      return { id, title: `Title $& ${id}`, kind, url, external: kind === 'link', children: under };
    };
    /** `count` entries, and the hidden pages among them. */
    const list = (parent: string | null, count: number, depth: number): NavItem[] => {
      const items: NavItem[] = [];
      while (items.length < count) {
        const item = entry(parent, random() < 0.08 ? 'link' : 'document', (id) =>
          depth < 2 && random() < 0.25 ? list(id, 1 + Math.floor(random() * 5), depth + 1) : [],
        );
        if (item) items.push(item);
      }
      return items;
    };
    const long = seed % 2 === 1;
    const size = (i: number) => (long && i === 3 ? LIST_WINDOW + 20 : i === 5 ? LIST_WINDOW : i === 7 ? LIST_WINDOW + 1 : 3 + Math.floor(random() * 10));
    const items = Array.from({ length: 30 }, (_, i) => entry(null, 'group', (id) => list(id, size(i), 1))!);
    if (!long) items.push(...list(null, LIST_WINDOW, 2));
    return { nav: { items, order: [], parents, hash: `h${seed}` }, pages };
  }

  it("is its siblings' part with its own entry marked, or made whole: the same bytes either way", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { nav, pages } = randomNav(seed);
      const shared = spaceSidebar(nav, 'self', '/', 'v1').forPage!;
      const whole = spaceSidebar(nav, 'self', '/', 'v1', false).forPage!;
      expect(pages.length).toBeGreaterThan(10);
      for (const id of pages) expect(shared(id), `page ${id} of tree ${seed}`).toBe(whole(id));
      expect(new Set(pages.map(whole)).size).toBeGreaterThan(pages.length / 2);
    }
  });
});

describe('a small space', () => {
  it('inlines the whole tree in every page, and writes no tree asset', async () => {
    const corpus = tempDir('small-corpus');
    generateCorpus(corpus, 100);
    const space = await syncedSpace(corpus, 'Small');
    const out = tempDir('small-out');
    await space.build(out, { strictLinks: false });
    const sidebar = sidebarOf(page(out, '/group-2/page-60/'));
    expect(sidebar).toMatch(/^<nav class="sidebar-nav" aria-label="Pages"><ul/);
    expect(hrefsOf(sidebar)).toHaveLength(100);
    expect(sidebar.match(/aria-current="page"/g)).toHaveLength(1);
    expect(navAssets(out)).toEqual([]);
  });
});

describe(`a space of more than ${FULL_SIDEBAR_ENTRIES} sidebar entries`, () => {
  let corpus: string;
  let out: string;
  let space: Awaited<ReturnType<typeof syncedSpace>>;
  const PAGES = 260;

  beforeAll(async () => {
    corpus = tempDir('big-corpus');
    generateCorpus(corpus, PAGES);
    space = await syncedSpace(corpus, 'Big');
    out = tempDir('big-out');
    await space.build(out, { strictLinks: false });
  });

  it("gives each page its part of the tree and names the whole tree's asset, which lists every entry", () => {
    const [asset] = navAssets(out);
    expect(navAssets(out)).toHaveLength(1);
    const tree = readFileSync(join(out, '_quire', asset!), 'utf8');
    expect(tree).toMatch(/^<ul class="nav-list" data-depth="0">/);
    expect(new Set(hrefsOf(tree)).size).toBe(PAGES);

    const html = page(out, '/group-3/page-111/page-112/');
    const sidebar = sidebarOf(html);
    expect(sidebar).toContain(`<nav class="sidebar-nav" aria-label="Pages" data-nav-src="/_quire/${asset}">`);
    expect(sidebar.match(/aria-current="page"/g)).toHaveLength(1);
    expect(sidebar).toMatch(/<a href="\/group-3\/page-111\/page-112\/" data-nav="[^"]+" aria-current="page">/);
    // The top level, the page's group, its parent's children (its siblings); other groups by a link to their first page.
    const links = hrefsOf(sidebar);
    expect(links).toContain('/');
    expect(links).toContain('/group-3/page-111/page-113/');
    expect(links).toContain('/group-3/page-150/');
    expect(links).toContain('/group-1/page-1/');
    expect(links).not.toContain('/group-1/page-2/');
    expect(links).not.toContain('/group-3/page-121/page-122/');
    expect(sidebar).toContain('<li class="nav-group nav-closed"><p class="nav-group-title"><a href="/group-1/page-1/">Group 1</a></p></li>');
    expect(links.length).toBeLessThan(80);
    // A page's own children show under it.
    const parent = hrefsOf(sidebarOf(page(out, '/group-3/page-121/')));
    expect(parent).toEqual(expect.arrayContaining(['/group-3/page-121/page-122/', '/group-3/page-121/page-124/']));
  });

  it('keeps every entry reachable without the script, walking the sidebars from any page', () => {
    const all = new Set(hrefsOf(readFileSync(join(out, '_quire', navAssets(out)[0]!), 'utf8')));
    for (const start of ['/', '/group-6/page-251/page-254/', '/group-2/page-99/']) {
      const reached = walkSidebars(out, start);
      for (const url of all) expect(reached.has(url), `${url} from ${start}`).toBe(true);
    }
  });

  it('rewrites one page for a body-only edit, and for a new page the pages and a new tree (the old one goes)', async () => {
    const [before] = navAssets(out);
    const untouched = page(out, '/group-5/page-201/');
    appendFileSync(join(corpus, 'group-2/page-60.md'), '\nOne more sentence.\n');
    await space.sync(corpus, { space: 'Big' });
    const edited = await space.build(out, { strictLinks: false });
    expect(edited.rendered).toBe(1);
    expect(navAssets(out)).toEqual([before]);
    expect(page(out, '/group-5/page-201/')).toBe(untouched);

    writeFileSync(join(corpus, 'group-2/extra.md'), '# Extra page\n\nNew.\n');
    appendFileSync(join(corpus, 'SUMMARY.md'), '\n## Extra\n\n* [Extra page](group-2/extra.md)\n');
    await space.sync(corpus, { space: 'Big' });
    const grown = await space.build(out, { strictLinks: false });
    expect(grown.rendered).toBe(PAGES + 1);
    const [after] = navAssets(out);
    expect(navAssets(out)).toHaveLength(1);
    expect(after).not.toBe(before);
    expect(existsSync(join(out, '_quire', before!))).toBe(false);
    expect(sidebarOf(page(out, '/group-5/page-201/'))).toContain(`data-nav-src="/_quire/${after}"`);
    expect(readFileSync(join(out, '_quire', after!), 'utf8')).toContain('>Extra page</a>');
  });
});

describe(`a flat space: more than ${LIST_WINDOW} pages at the top level`, () => {
  const PAGES = 1200;
  let out: string;

  beforeAll(async () => {
    const corpus = tempDir('flat-corpus');
    const summary = ['# Table of contents', ''];
    for (let i = 1; i <= PAGES; i++) {
      writeFileSync(join(corpus, `page-${i}.md`), `# Page ${i}\n\nText ${i}.\n`);
      summary.push(`* [Page ${i}](page-${i}.md)`);
    }
    writeFileSync(join(corpus, 'SUMMARY.md'), `${summary.join('\n')}\n`);
    const space = await syncedSpace(corpus, 'Flat');
    out = tempDir('flat-out');
    await space.build(out, { strictLinks: false });
  }, 120_000);

  it('shows a window of the top level around the page, the ends, and a "more" link for each run left out', () => {
    const sidebar = sidebarOf(page(out, '/page-600/'));
    const links = hrefsOf(sidebar);
    expect(links.slice(0, 3)).toEqual(['/', '/page-2/', '/page-3/']);
    expect(links).toContain('/page-575/');
    expect(links).toContain('/page-625/');
    expect(links).not.toContain('/page-574/');
    expect(links.at(-1)).toBe(`/page-${PAGES}/`);
    expect(sidebar.match(/<li class="nav-more">/g)).toHaveLength(2);
    expect(sidebar).toMatch(/<li class="nav-more"><a href="\/page-\d+\/">564 more<\/a><\/li>/);
    expect(links.length).toBeLessThanOrEqual(2 * 10 + 51 + 2);
    // The same bytes for a page of any size of flat space: a bounded sidebar.
    expect(sidebar.length).toBeLessThan(12_000);
  });

  it('keeps every page reachable without the script, walking the sidebars', () => {
    for (const start of ['/', `/page-${PAGES}/`]) {
      const reached = walkSidebars(out, start);
      const missing = Array.from({ length: PAGES - 1 }, (_, i) => `/page-${i + 2}/`).filter((url) => !reached.has(url));
      expect(missing, `from ${start}`).toEqual([]);
    }
  });
});
