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
