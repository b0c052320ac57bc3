/** Formatted code (`<pre>` with `<strong>`) and wrapped figures have document forms, and come back byte for byte. */
import { describe, expect, it } from 'vitest';
import { blocksOf, isEscaped, leavesOf, throughDocument } from './helpers.js';

describe('code with formatting <-> code with marked leaves', () => {
  const pre =
    '<pre class="language-js" data-title="app.js"><code class="lang-js"><strong>\n</strong><strong>const a = 1;\n</strong>a &#x3C; b &#x26;&#x26; <em>c\n</em></code></pre>\n';

  it('maps to a code block with syntax, title and bold/italic leaves', () => {
    const [block] = blocksOf(pre);
    expect(isEscaped(block)).toBe(false);
    expect(block).toMatchObject({ type: 'code', data: { syntax: 'js', title: 'app.js' } });
    expect(block!.nodes).toHaveLength(3);
    expect(leavesOf(block!.nodes[0])).toEqual([['', ['bold']]]);
    expect(leavesOf(block!.nodes[1])).toEqual([['const a = 1;', ['bold']]]);
    expect(leavesOf(block!.nodes[2])).toEqual([
      ['a < b && ', []],
      ['c', ['italic']],
    ]);
  });

  it('writes the same bytes back; a code block without marks stays a fence', () => {
    expect(throughDocument(pre)).toBe(pre);
    expect(throughDocument('```js\nconst a = 1;\n```\n')).toBe('```js\nconst a = 1;\n```\n');
  });

  it('HTML it cannot reproduce stays escaped', () => {
    // A line's newline goes inside the element of its last leaf, as GitBook writes it; other placements are kept raw.
    const cases = [
      '<pre class="language-js"><code class="lang-js"><span>x</span>\n</code></pre>\n',
      '<pre><code>x\n</code></pre>\n',
      '<pre class="language-js"><code class="lang-js"><strong>x</strong>\n</code></pre>\n',
    ];
    for (const html of cases) {
      expect(isEscaped(blocksOf(html)[0])).toBe(true);
      expect(throughDocument(html)).toBe(html);
    }
  });
});

describe('figures in a <div> <-> images with align, fullWidth or withFrame', () => {
  const figure = '<figure><img src="a.png" alt="A"><figcaption><p>Cap</p></figcaption></figure>';
  const cases: Array<[string, Record<string, unknown>]> = [
    ['align="center"', { align: 'center' }],
    ['align="left"', { align: 'left' }],
    ['data-full-width="true"', { fullWidth: true }],
    ['data-full-width="false"', { fullWidth: false }],
    ['data-with-frame="true"', { withFrame: true }],
  ];
  for (const [attribute, data] of cases) {
    it(`<div ${attribute}>`, () => {
      const markdown = `<div ${attribute}>${figure}</div>\n`;
      const [block] = blocksOf(markdown);
      expect(block).toMatchObject({ type: 'images', data, nodes: [{ type: 'image', data: { alt: 'A' } }] });
      expect(throughDocument(markdown)).toBe(markdown);
    });
  }

  it('other wrappers stay escaped', () => {
    const markdown = `<div align="justify">${figure}</div>\n`;
    expect(isEscaped(blocksOf(markdown)[0])).toBe(true);
    expect(throughDocument(markdown)).toBe(markdown);
  });
});
