import { describe, expect, it } from 'vitest';
import { blocksOf, isEscaped, leavesOf, throughDocument } from './helpers.js';

const same = (markdown: string) => expect(throughDocument(markdown)).toBe(markdown);

describe('text and marks', () => {
  it('flattens nested emphasis onto leaves and nests it back in GitBook order', () => {
    const [paragraph] = blocksOf('This is ~~_**`all four`**_~~.\n');
    expect(paragraph).toMatchObject({ object: 'block', type: 'paragraph' });
    expect(leavesOf(paragraph!)).toEqual([
      ['This is ', []],
      ['all four', ['strikethrough', 'italic', 'bold', 'code']],
      ['.', []],
    ]);
    same('This is ~~_**`all four`**_~~.\n');
  });

  it('keeps one run for a mark over text and code, and splits it where an outer mark starts', () => {
    same('A **bold `code` run** here.\n');
    same('**a**_**b**_**c**\n');
    same('_an **inner** bold_\n');
  });

  it('writes hard breaks as newlines in the text', () => {
    const [paragraph] = blocksOf('one\\\ntwo\n');
    expect(leavesOf(paragraph!)).toEqual([['one\ntwo', []]]);
    same('one\\\ntwo\n');
  });

  it('maps colour, keyboard and superscript marks', () => {
    const [paragraph] = blocksOf('A <mark style="color:orange;background-color:purple;">line</mark> and <kbd>Ctrl</kbd> and x<sup>2</sup>\n');
    const marks = paragraph!.nodes[0].leaves.map((leaf: { marks: unknown[] }) => leaf.marks);
    expect(marks[1]).toEqual([{ object: 'mark', type: 'color', data: { text: 'orange', background: 'purple' } }]);
    expect(leavesOf(paragraph!)).toEqual([
      ['A ', []],
      ['line', ['color']],
      [' and ', []],
      ['Ctrl', ['keyboard']],
      [' and x', []],
      ['2', ['superscript']],
    ]);
    same('A <mark style="color:orange;background-color:purple;">line</mark> and <kbd>Ctrl</kbd> and x<sup>2</sup>\n');
    same('<mark style="color:$primary;">token</mark>\n');
  });

  it('keeps unknown inline HTML verbatim in an escape leaf', () => {
    const [paragraph] = blocksOf('a <span class="x">b</span> c\n');
    expect(paragraph!.type).toBe('paragraph');
    expect(paragraph!.nodes[0].leaves.filter((leaf: { markdown?: boolean }) => leaf.markdown).map((leaf: { text: string }) => leaf.text)).toEqual([
      '<span class="x">',
      '</span>',
    ]);
    same('a <span class="x">b</span> c\n');
  });
});

describe('inlines', () => {
  it('maps links to link inlines with a url reference, marks inside', () => {
    const [paragraph] = blocksOf('This is [**a bold link**](https://www.gitbook.com).\n');
    expect(paragraph!.nodes[1]).toMatchObject({
      object: 'inline',
      type: 'link',
      isVoid: false,
      data: { ref: { kind: 'url', url: 'https://www.gitbook.com' } },
      nodes: [{ object: 'text', leaves: [{ text: 'a bold link', marks: [{ type: 'bold' }] }] }],
    });
    same('This is [**a bold link**](https://www.gitbook.com).\n');
    same('[**→ start**](https://x.com)**, then more**\n');
  });

  it('maps page mentions to mention inlines', () => {
    const [paragraph] = blocksOf('See [page.md](../page.md "mention").\n');
    expect(paragraph!.nodes[1]).toMatchObject({ type: 'mention', isVoid: true, data: { ref: { kind: 'url', url: '../page.md' } } });
    same('See [page.md](../page.md "mention").\n');
  });

  it("uses the caller's resolvers for references", () => {
    const options = {
      resolveRef: (url: string) => (url.endsWith('.md') ? { kind: 'page' as const, page: `id-${url}` } : undefined),
      refToUrl: (ref: { kind: string; page?: string }) => (ref.kind === 'page' ? ref.page!.slice(3) : undefined),
    };
    const [paragraph] = blocksOf('[x](a.md) and [y](https://y.com)\n', options);
    expect(paragraph!.nodes[0].data.ref).toEqual({ kind: 'page', page: 'id-a.md' });
    expect(paragraph!.nodes[2].data.ref).toEqual({ kind: 'url', url: 'https://y.com' });
    expect(throughDocument('[x](a.md) and [y](https://y.com)\n', options)).toBe('[x](a.md) and [y](https://y.com)\n');
  });

  it('maps inline images (HTML with a size, and markdown images)', () => {
    const html = 'An <img src=".gitbook/assets/a b.png" alt="ALT" data-size="line"> image\n';
    const [paragraph] = blocksOf(html);
    expect(paragraph!.nodes[1]).toMatchObject({
      type: 'inline-image',
      isVoid: true,
      data: { ref: { kind: 'url', url: '.gitbook/assets/a b.png' }, alt: 'ALT', size: 'line' },
    });
    same(html);
    same('![alt text](<../assets/x y.png> "A caption")\n');
  });

  it('maps math, emoji, icons, expressions and buttons', () => {
    const markdown =
      'Math $$x^2$$, <span data-gb-custom-inline data-tag="emoji" data-code="2728">✨</span>, <i class="fa-github">:github:</i>, ' +
      '<code class="expression">space.vars.name</code> and <a href="https://x.com" class="button primary" data-icon="rocket">Go</a>\n';
    const [paragraph] = blocksOf(markdown);
    const inlines = paragraph!.nodes.filter((n: { object: string }) => n.object === 'inline');
    expect(inlines.map((n: { type: string; data: unknown }) => [n.type, n.data])).toEqual([
      ['inline-math', { formula: 'x^2' }],
      ['emoji', { code: '2728' }],
      ['icon', { icon: 'github' }],
      ['expression', { expression: 'space.vars.name' }],
      ['button', { label: 'Go', kind: 'primary', ref: { kind: 'url', url: 'https://x.com' }, icon: 'rocket' }],
    ]);
    same(markdown);
  });

  it('escapes a whole paragraph only when it has no exact form', () => {
    const [paragraph] = blocksOf('Footnote[^1].\n\n[^1]: The note.\n');
    expect(paragraph!.type).toBe('paragraph');
    same('Footnote[^1].\n\n[^1]: The note.\n');
    expect(isEscaped(blocksOf('Footnote[^1].\n\n[^1]: The note.\n')[1])).toBe(true);
  });
});
