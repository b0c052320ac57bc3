// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../../src/content/markdown/index.js';
import { bodyUnderTitle, parsePageFile } from '../../../src/content/page-file.js';
import { searchSections, sectionsHoldUnderAnyTitle, underTitle } from '../../../src/content/search-text.js';
import { CORPORA, markdownFiles } from '../../helpers/corpora.js';
import { parseGitBookPage, parsePage, readCorpus } from './corpus.js';

describe('searchSections of a real page (public-docs MCP servers)', () => {
  const text = readCorpus('public-docs', 'documentation/ai-for-your-readers/mcp-servers-for-published-docs.md');
  const sections = searchSections(parseGitBookPage(text).root, 'MCP servers for published docs');
  const headingLines = text.split('\n').filter((line) => /^#{2,6} /.test(line));

  it('has the intro plus one section per heading', () => {
    expect(headingLines.length).toBeGreaterThan(15);
    expect(sections).toHaveLength(headingLines.length + 1);
    expect(sections.slice(1).map((s) => s.heading)).toEqual(headingLines.map((l) => l.replace(/^#+ /, '').replace(/ <a .*$/, '')));
  });

  it('starts with the intro, titled by the page', () => {
    expect(sections[0]).toMatchObject({ anchor: null, heading: 'MCP servers for published docs' });
    expect(sections[0]?.text).toMatch(/^Every published GitBook site automatically includes a Model Context Protocol \(MCP\) server\./);
  });

  it('uses explicit anchors and GitHub-style ids', () => {
    expect(sections[1]).toMatchObject({ anchor: 'choose-the-right-endpoint', heading: 'Choose the right endpoint' });
    expect(sections.find((s) => s.heading === 'Connect an AI tool')?.anchor).toBe('connect-an-ai-tool');
    expect(new Set(sections.map((s) => s.anchor)).size).toBe(sections.length);
  });

  it('keeps plain text, code, hint bodies, tab titles and bodies, tables; drops markup', () => {
    const endpoint = sections[1]?.text ?? '';
    expect(endpoint).toContain('If you open this URL in a browser, you’ll see an error.');
    expect(endpoint).toContain('Page actions must be enabled');
    expect(endpoint).toContain('{docs-site-url}/~gitbook/mcp/auth');
    expect(endpoint).toContain('MCP authorization flow');
    const all = sections.map((s) => s.text).join('\n');
    for (const title of ['Claude Code', 'Cursor', 'VS Code (Copilot)']) expect(all).toContain(title);
    expect(all).toContain('https://gitbook.com/docs/~gitbook/mcp');
    expect(all).not.toMatch(/\{%|%\}|<a |\*\*|\]\(/);
  });
});

describe('searchSections on plain mdast', () => {
  it('reads headings with `<a id>`, de-duplicates ids, skips the page H1, strips HTML', () => {
    const page = [
      '# Page',
      '',
      'Intro <mark style="color:red;">marked</mark> &#x26; more.',
      '',
      '## Setup <a href="#custom" id="custom"></a>',
      '',
      '<figure><img src="x.png" alt=""><figcaption><p>A caption</p></figcaption></figure>',
      '',
      '## Setup',
      '',
      '## Setup',
      '',
      '```js',
      'const x = 1;',
      '```',
    ].join('\n');
    expect(searchSections(parsePage(page).root, 'Page')).toEqual([
      { anchor: null, heading: 'Page', text: 'Intro marked & more.' },
      { anchor: 'custom', heading: 'Setup', text: 'A caption' },
      { anchor: 'setup', heading: 'Setup', text: '' },
      { anchor: 'setup-1', heading: 'Setup', text: 'const x = 1;' },
    ]);
  });

  it('reads GitBook block fields: expandable summary, figure caption, cards, tab title; skips derived bodies', () => {
    const root = {
      type: 'root',
      children: [
        {
          type: 'expandable',
          open: false,
          summary: 'More <strong>info</strong>',
          children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Hidden body' }] }],
        },
        { type: 'tabs', children: [{ type: 'tab', title: 'macOS', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'brew' }] }] }] },
        { type: 'contentRef', url: 'a.md', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'a.md' }] }] },
        { type: 'include', value: '../.gitbook/includes/x.md' },
        { type: 'cards', value: '<table data-view="cards"><tbody><tr><td><strong>Card</strong></td><td>Text</td></tr></tbody></table>' },
      ],
    } as unknown as Root;
    expect(searchSections(root, 'T')).toEqual([{ anchor: null, heading: 'T', text: 'More info\nHidden body\nmacOS\nbrew\nCard\nText' }]);
  });
});

describe('sections found before the page title is known', () => {
  // The sync finds a page's sections with its h1 as the title; the site build reuses them under the SUMMARY title.
  const pages = ['public-docs', 'beefree-sdk-docs', 'metalbear-docs', 'git-sync-normalization']
    .flatMap((name) => markdownFiles(join(CORPORA, name)))
    .map((file) => ({ file, page: parsePageFile(readFileSync(file, 'utf8'), { parse: readMarkdown }) }));

  it('are the sections of the body under any title, unless the stripped h1 has an id of its own', () => {
    expect(pages.length).toBeGreaterThan(600);
    let held = 0;
    for (const { file, page } of pages) {
      if (!sectionsHoldUnderAnyTitle(page.body)) continue;
      held++;
      const early = searchSections(page.body, page.title ?? '');
      for (const title of [page.title ?? 'Untitled', 'A title from SUMMARY.md']) {
        expect(underTitle(early, title), file).toEqual(searchSections(bodyUnderTitle(structuredClone(page.body), title), title));
      }
    }
    expect(held).toBeGreaterThan(pages.length * 0.9);
  });

  it('are not reused when the stripped h1 carries an explicit id, which the heading keeps when it comes back', () => {
    const page = parsePageFile('# Setup <a href="#intro" id="intro"></a>\n\nText.\n\n## Intro\n\nMore.\n', { parse: readMarkdown });
    expect(page.title).not.toBeNull();
    expect(sectionsHoldUnderAnyTitle(page.body)).toBe(false);
    const title = 'Getting set up';
    expect(underTitle(searchSections(page.body, page.title!), title)).not.toEqual(searchSections(bodyUnderTitle(page.body, title), title));
  });
});
