import { describe, expect, it } from 'vitest';
import { replaceHrefs, settleLinks } from '../../src/site/build/fragments.js';
import type { PageLink } from '../../src/site/render/context.js';
import { SpaceUrls } from '../../src/site/urls.js';

describe("settling links to other pages' anchors", () => {
  const urls = new SpaceUrls('/', '');
  const pages = new Map([
    ['home', { path: '' }],
    ['guide', { path: 'guide' }],
  ]);
  const anchors = new Map([['guide', { ids: new Set(['v49', 'release-4.9']), aliases: { 'release-49': 'v49', 'release-49-1': 'release-4.9' } }]]);
  const settle = (links: PageLink[]) =>
    settleLinks(
      'home',
      links,
      (id) => anchors.get(id),
      (id) => pages.get(id),
      urls,
    );

  it('points each at the id it lands on, remembering the fragment written, and leaves the rest', () => {
    const links: PageLink[] = [
      { href: 'guide.md#release-49', page: 'guide', anchor: 'release-49', fragment: 'release-4.9' },
      { href: 'guide.md#release-49-1', page: 'guide', anchor: 'release-49-1', fragment: 'release-4.9-1' },
      { href: 'guide.md#gone', page: 'guide', anchor: 'gone' },
      { href: 'guide.md#old', page: 'guide', anchor: 'old', fragment: 'was-an-alias' },
      { href: '#top', page: 'home', anchor: 'top' },
      { href: 'missing.md', page: null, problem: 'no page at missing.md' },
    ];
    const { links: settled, replacements } = settle(links);
    expect(settled).toEqual([
      { ...links[0], fragment: 'v49' },
      { ...links[1], fragment: 'release-4.9' },
      links[2],
      { href: 'guide.md#old', page: 'guide', anchor: 'old' },
      links[4],
      links[5],
    ]);
    expect([...replacements]).toEqual([
      ['href="/guide/#release-4.9"', 'href="/guide/#v49"'],
      ['href="/guide/#release-4.9-1"', 'href="/guide/#release-4.9"'],
      ['href="/guide/#was-an-alias"', 'href="/guide/#old"'],
    ]);
  });

  it("replaces in one pass, whatever the order: one link's new address may be another's old", () => {
    const html = '<a href="/guide/#a">1</a> <a href="/guide/#b">2</a> <a href="/guide/#a-1">3</a>';
    for (const order of [
      [
        ['href="/guide/#a"', 'href="/guide/#b"'],
        ['href="/guide/#b"', 'href="/guide/#a"'],
      ],
      [
        ['href="/guide/#b"', 'href="/guide/#a"'],
        ['href="/guide/#a"', 'href="/guide/#b"'],
      ],
    ] as Array<Array<[string, string]>>) {
      expect(replaceHrefs(html, new Map(order))).toBe('<a href="/guide/#b">1</a> <a href="/guide/#a">2</a> <a href="/guide/#a-1">3</a>');
    }
  });
});
