import { describe, expect, it } from 'vitest';
import { resolveCustomization } from '../../src/site/customization.js';
import { type PageView, renderChrome, renderPage, renderPageBytes } from '../../src/site/page.js';

const sidebar =
  '<nav class="sidebar-nav"><ul><li><a href="/" data-nav="home">Accueil ✓</a></li>' +
  '<li><a href="/guide" data-nav="guide">Guide 📘</a></li><li><a href="/guide-two" data-nav="guide-two">Guide two</a></li></ul></nav>';
const chrome = renderChrome({
  siteTitle: 'Site <ünï>',
  base: '/',
  home: '/',
  customization: resolveCustomization({}),
  sidebar,
  sections: [],
  variants: [],
  assetVersion: 'v1',
});
const view = (id: string, title: string): PageView => ({
  id,
  title,
  url: `/${id}`,
  markdownUrl: `/${id}.md`,
  body: `<p>Body of ${id} with é and <quire-sidebar> as text</p>`,
  outline: [],
  noIndex: false,
  description: 'Ça <marche>',
  layout: { outline: true, pagination: true, title: true, description: true, wide: false },
});
const joined = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString('utf8');

describe('a page as bytes', () => {
  it('is the page as text, with the current page marked once in the shared sidebar bytes', () => {
    for (const page of [view('home', 'Accueil ✓'), view('guide', 'Guide 📘'), view('guide-two', 'Guide two')]) {
      const text = renderPage(chrome, page);
      expect(joined(renderPageBytes(chrome, page))).toBe(text);
      expect(text.match(/aria-current="page"/g)).toHaveLength(1);
      expect(text).toContain(`data-nav="${page.id}" aria-current="page"`);
    }
  });

  it('leaves the sidebar unmarked for a page it does not list', () => {
    const page = view('hidden', 'Hidden <page>');
    const text = renderPage(chrome, page);
    expect(joined(renderPageBytes(chrome, page))).toBe(text);
    expect(text).not.toContain('aria-current="page"');
    expect(text).toContain(sidebar);
  });
});

describe('a page of a big space (its own part of the sidebar) as bytes', () => {
  const parts = renderChrome({
    siteTitle: 'Site',
    base: '/',
    home: '/',
    customization: resolveCustomization({}),
    sidebar: '',
    sidebarFor: (id) => `<nav class="sidebar-nav" data-nav-src="/_quire/nav.html"><a data-nav="${id}" aria-current="page">Page ${id}</a></nav>`,
    sections: [],
    variants: [],
    assetVersion: 'v1',
  });

  it('is the page as text, whatever characters its body holds', () => {
    for (const page of [view('guide', 'Guide 📘'), { ...view('plain', 'Plain'), body: '<p>Plain text.</p>', description: 'Plain.' }]) {
      expect(joined(renderPageBytes(parts, page))).toBe(renderPage(parts, page));
    }
  });

  it('is ASCII when its text is: nothing of the chrome makes it a two-byte string, three times slower to encode', () => {
    const page = { ...view('plain', 'Plain'), body: '<p>Plain text.</p>', description: 'Plain.' };
    expect(resolveCustomization({}).themeToggle).toBe(true);
    const text = renderPage(parts, page);
    expect(text).toContain('data-theme-toggle');
    expect(text.match(/[^\x00-\x7f]/g)).toBeNull();
  });
});

describe("a page's path", () => {
  const folded =
    '<nav class="sidebar-nav"><ul><li class="nav-group"><details class="nav-fold" open data-group="g"><summary class="nav-group-title">Group</summary><ul>' +
    '<li class="nav-parent"><a href="/guide" data-nav="guide">Guide 📘</a><details class="nav-fold" data-sub="guide"><summary class="nav-toggle" aria-label="Guide 📘"></summary>' +
    '<ul><li><a href="/guide/two" data-nav="two">Two</a></li></ul></details></li>' +
    '<li class="nav-parent"><a href="/other" data-nav="other">Other</a><details class="nav-fold" data-sub="other"><summary class="nav-toggle" aria-label="Other"></summary>' +
    '<ul><li><a href="/other/three" data-nav="three">Three</a></li></ul></details></li></ul></details></li></ul></nav>';
  const foldedChrome = { ...chrome, sidebar: folded };
  const deep: PageView = {
    ...view('two', 'Two </script><b>'),
    url: '/guide/two',
    canonical: 'https://docs.example.com/guide/two',
    breadcrumbs: [
      { id: 'g', title: 'Group', url: null },
      { id: 'guide', title: 'Guide 📘', url: '/guide' },
    ],
  };

  it("opens the folds of the page's ancestors in the shared sidebar, as text and as bytes", () => {
    const text = renderPage(foldedChrome, deep);
    expect(joined(renderPageBytes(foldedChrome, deep))).toBe(text);
    expect(text).toContain('data-group="g" data-path>');
    expect(text).toContain('data-sub="guide" open data-path>');
    expect(text).toContain('data-sub="other">');
    expect(text).toContain('data-nav="two" aria-current="page"');
    // A page with children opens its own fold.
    const other = { ...view('other', 'Other'), breadcrumbs: [{ id: 'g', title: 'Group', url: null }] };
    const otherText = renderPage(foldedChrome, other);
    expect(joined(renderPageBytes(foldedChrome, other))).toBe(otherText);
    expect(otherText).toContain('data-sub="other" open data-path>');
    expect(otherText).toContain('data-sub="guide">');
  });

  it('shows the breadcrumbs above the title, and their BreadcrumbList with the title escaped', () => {
    const text = renderPage(foldedChrome, deep);
    expect(text).toContain(
      '<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><span>Group</span></li><li><a href="/guide">Guide 📘</a></li><li><span aria-current="page">Two &lt;/script&gt;&lt;b&gt;</span></li></ol></nav>',
    );
    expect(text.indexOf('class="breadcrumbs"')).toBeLessThan(text.indexOf('<h1>'));
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(text)![1]!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Guide 📘', item: 'https://docs.example.com/guide' },
        { '@type': 'ListItem', position: 2, name: 'Two </script><b>', item: 'https://docs.example.com/guide/two' },
      ],
    });
    // Without the site's address: the trail only.
    const { canonical: _, ...local } = deep;
    expect(renderPage(foldedChrome, local)).not.toContain('application/ld+json');
    expect(renderPage(foldedChrome, view('home', 'Home'))).not.toContain('class="breadcrumbs"');
  });
});
