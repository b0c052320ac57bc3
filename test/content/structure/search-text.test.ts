import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { searchSections } from '../../../src/content/search-text.js';
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
        { type: 'expandable', open: false, summary: 'More <strong>info</strong>', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Hidden body' }] }] },
        { type: 'tabs', children: [{ type: 'tab', title: 'macOS', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'brew' }] }] }] },
        { type: 'contentRef', url: 'a.md', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'a.md' }] }] },
        { type: 'include', value: '../.gitbook/includes/x.md' },
        { type: 'cards', value: '<table data-view="cards"><tbody><tr><td><strong>Card</strong></td><td>Text</td></tr></tbody></table>' },
      ],
    } as unknown as Root;
    expect(searchSections(root, 'T')).toEqual([{ anchor: null, heading: 'T', text: 'More info\nHidden body\nmacOS\nbrew\nCard\nText' }]);
  });
});
