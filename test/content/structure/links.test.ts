// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { existsSync } from 'node:fs';
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseDocsYaml } from '../../../src/content/gitbook-config.js';
import { extractLinks, frontmatterLinks, type ExtractedLink } from '../../../src/content/links.js';
import { searchSections } from '../../../src/content/search-text.js';
import { corpusPath, listFiles, omittedFiles, parseGitBookPage, parsePage, readCorpus } from './corpus.js';

const brief = (links: ExtractedLink[]) => links.map(({ kind, target, anchor, node }) => (anchor ? { kind, target, anchor, node } : { kind, target, node }));

describe('extractLinks on standard mdast', () => {
  const page = [
    '# Title',
    '',
    'See [other](../other.md), [dir](sub/), [anchor](#setup), [self](page.md#x), [ext](https://example.com/a#b),',
    '[mail](mailto:a@b.c), [broken](/broken/pages/abc123#x), [legacy](broken-reference), [up](../../../etc/passwd),',
    '[ref][r], [mention](../other.md "mention"), [cross](https://app.gitbook.com/s/abc/page) and ![img](<../.gitbook/assets/my pic (1).png>).',
    '',
    '<figure><picture><source srcset="../.gitbook/assets/dark%20one.svg" media="(prefers-color-scheme: dark)"><img src="../.gitbook/assets/a &#x26; b.png" alt=""></picture><figcaption></figcaption></figure>',
    '',
    '<pre><code>&#x3C;img src="../not-a-link.png"></code></pre>',
    '',
    '[r]: ./defined.md',
    '',
  ].join('\n');
  const links = extractLinks(parsePage(page).root, 'guide/page.md');

  it('classifies and resolves every reference against the page file', () => {
    expect(brief(links)).toEqual([
      { kind: 'page', target: 'other.md', node: 'link' },
      { kind: 'page', target: 'guide/sub/README.md', node: 'link' },
      { kind: 'anchor', target: 'guide/page.md', anchor: 'setup', node: 'link' },
      { kind: 'anchor', target: 'guide/page.md', anchor: 'x', node: 'link' },
      { kind: 'url', target: 'https://example.com/a#b', node: 'link' },
      { kind: 'url', target: 'mailto:a@b.c', node: 'link' },
      { kind: 'broken', target: '/broken/pages/abc123#x', node: 'link' },
      { kind: 'broken', target: 'broken-reference', node: 'link' },
      { kind: 'broken', target: '../../../etc/passwd', node: 'link' },
      { kind: 'page', target: 'other.md', node: 'mention' },
      { kind: 'url', target: 'https://app.gitbook.com/s/abc/page', node: 'link' },
      { kind: 'file', target: '.gitbook/assets/my pic (1).png', node: 'image' },
      { kind: 'file', target: '.gitbook/assets/dark one.svg', node: 'html' },
      { kind: 'file', target: '.gitbook/assets/a & b.png', node: 'html' },
      { kind: 'page', target: 'guide/defined.md', node: 'definition' },
    ]);
    expect(links[0]?.position).toEqual({ line: 3 });
  });

  it('reads the cover from frontmatter', () => {
    expect(brief(frontmatterLinks({ cover: '../.gitbook/assets/hero.png' }, 'guide/page.md'))).toEqual([
      { kind: 'file', target: '.gitbook/assets/hero.png', node: 'cover' },
    ]);
    expect(frontmatterLinks({ cover: 3 }, 'x.md')).toEqual([]);
  });
});

describe('extractLinks on GitBook block nodes', () => {
  it('reads content-ref, file, embed, include, openapi, figure, cards and buttons', () => {
    const root = {
      type: 'root',
      children: [
        { type: 'contentRef', url: '../a/', children: [{ type: 'paragraph', children: [{ type: 'link', url: '../a/', children: [] }] }] },
        { type: 'file', src: '../.gitbook/assets/x.pdf', children: [] },
        { type: 'embed', url: 'https://youtu.be/x', children: [] },
        { type: 'include', value: '../.gitbook/includes/block.md' },
        { type: 'include', value: '/reusable-content/rc1' },
        { type: 'openapi', tag: 'openapi', src: '../.gitbook/assets/spec.yaml', children: [{ type: 'paragraph', children: [] }] },
        { type: 'openapiOperation', spec: 'petstore', path: '/x', method: 'get', children: [{ type: 'link', url: 'https://presigned', children: [] }] },
        { type: 'figure', src: '../.gitbook/assets/f.png', srcDark: '../.gitbook/assets/f-dark.png', alt: '', caption: 'see <a href="b.md">b</a>' },
        {
          type: 'cards',
          value:
            '<table data-view="cards"><tbody><tr><td><a href="c.md">c</a></td><td><a href="../.gitbook/assets/cover.png">cover.png</a></td></tr></tbody></table>',
        },
        { type: 'paragraph', children: [{ type: 'button', kind: 'primary', href: 'https://x.io', children: [] }] },
      ],
    } as unknown as Root;
    expect(brief(extractLinks(root, 'docs/page.md'))).toEqual([
      { kind: 'page', target: 'a/README.md', node: 'content-ref' },
      { kind: 'file', target: '.gitbook/assets/x.pdf', node: 'file' },
      { kind: 'url', target: 'https://youtu.be/x', node: 'embed' },
      { kind: 'file', target: '.gitbook/includes/block.md', node: 'include' },
      { kind: 'url', target: '/reusable-content/rc1', node: 'include' },
      { kind: 'file', target: '.gitbook/assets/spec.yaml', node: 'openapi' },
      { kind: 'file', target: '.gitbook/assets/f.png', node: 'figure' },
      { kind: 'file', target: '.gitbook/assets/f-dark.png', node: 'figure' },
      { kind: 'page', target: 'docs/b.md', node: 'figure' },
      { kind: 'page', target: 'docs/c.md', node: 'cards' },
      { kind: 'file', target: '.gitbook/assets/cover.png', node: 'cards' },
      { kind: 'url', target: 'https://x.io', node: 'button' },
    ]);
  });
});

describe('links of real pages resolve to files of the corpus', () => {
  const spaceDirs = parseDocsYaml(readCorpus('public-docs', 'docs.yaml')).spaces.flatMap((s) => (s.directory ? [s.directory] : []));
  // Known genuinely dangling references at the pinned commits (wrong relative paths, assets absent upstream).
  const cases = [
    { corpus: 'public-docs', inSpace: (p: string) => spaceDirs.some((d) => p.startsWith(`${d}/`)), maxMissing: 10, minPages: 600 },
    { corpus: 'beefree-sdk-docs', inSpace: () => true, maxMissing: 2, minPages: 800 },
    { corpus: 'git-sync-normalization', inSpace: () => true, maxMissing: 0, minPages: 2 },
    { corpus: 'metalbear-docs', inSpace: (p: string) => p.startsWith('docs/'), maxMissing: 3, minPages: 300 },
  ];
  for (const { corpus, inSpace, maxMissing, minPages } of cases) {
    it(`${corpus}: page, file and anchor targets exist`, () => {
      const omitted = omittedFiles(corpus);
      const exists = (path: string) => omitted.has(path) || existsSync(corpusPath(corpus, path));
      const pages = listFiles(corpus, (p) => p.endsWith('.md') && !p.endsWith('SUMMARY.md') && !p.includes('.gitbook/') && inSpace(p));
      const anchorsCache = new Map<string, Set<string | null>>();
      const anchorsOf = (path: string) => {
        let anchors = anchorsCache.get(path);
        if (!anchors) {
          anchors = new Set(searchSections(parseGitBookPage(readCorpus(corpus, path)).root, '').map((s) => s.anchor));
          anchorsCache.set(path, anchors);
        }
        return anchors;
      };
      const counts: Record<string, number> = {};
      const missing: string[] = [];
      let anchored = 0;
      let anchorsFound = 0;
      for (const page of pages) {
        const { root, data } = parseGitBookPage(readCorpus(corpus, page));
        for (const link of [...extractLinks(root, page), ...frontmatterLinks(data, page)]) {
          counts[link.kind] = (counts[link.kind] ?? 0) + 1;
          if (link.kind === 'url' || link.kind === 'broken') continue;
          if (!exists(link.target)) {
            missing.push(`${page} -> ${link.target}`);
          } else if (link.anchor && link.target.endsWith('.md') && !omitted.has(link.target)) {
            anchored++;
            if (anchorsOf(link.target).has(link.anchor)) anchorsFound++;
          }
        }
      }
      console.log(
        `${corpus}: ${pages.length} pages, links ${JSON.stringify(counts)}; ${missing.length} targets missing; ` + `anchors found ${anchorsFound}/${anchored}`,
      );
      expect(counts.page ?? 0).toBeGreaterThanOrEqual(minPages);
      expect(missing.length, missing.join('\n')).toBeLessThanOrEqual(maxMissing);
      // The rest are stale anchors in the sources (headings renamed since the link was written).
      if (anchored > 10) expect(anchorsFound / anchored).toBeGreaterThan(0.78);
    });
  }
});
