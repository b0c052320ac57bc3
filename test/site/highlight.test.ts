// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { readFileSync } from 'node:fs';
import { createHighlighter } from 'shiki';
import { describe, expect, it } from 'vitest';
import { CodeHighlights, HighlightWorker } from '../../src/site/highlight-pool.js';
import {
  type CodeBlock,
  codeKey,
  codeMarker,
  fillCodeMarkers,
  grammarOf,
  highlight,
  highlightOnceForTest,
  THEMES,
  TOKENIZE,
  useHighlighter,
} from '../../src/site/render/highlight.js';
import { renderPageBody, type SpaceRender } from '../../src/site/render/page-body.js';
import { SpaceUrls } from '../../src/site/urls.js';
import { CORPORA, markdownFiles } from '../helpers/corpora.js';
import { markdownSpace, syncedSpace } from './helpers.js';

describe('code highlighting', () => {
  it("gives Shiki's dual-theme HTML for every code block of the corpora, from one tokenization", async () => {
    const blocks: Array<[string, string]> = [];
    for (const file of markdownFiles(CORPORA)) {
      for (const [, lang, code] of readFileSync(file, 'utf8').matchAll(/```([\w+-]+)[^\n]*\n([\s\S]*?)\n```/g)) {
        const grammar = grammarOf(lang);
        if (grammar) blocks.push([grammar, code as string]);
      }
    }
    blocks.push(
      ['javascript', 'if (a < b && c > d) {\n\tconst s = "<b>&amp;</b>";   \n\n}\n'],
      ['html', '<a href="x?a=1&b=2">\n  <!-- comment -->\n</a>'],
      ['bash', ''],
      ['python', '   \n\t\n  x = 1  # trailing   '],
      ['markdown', '~~struck~~ and __under__ *em* **strong**\n\n    indented'],
      ['javascript', `const a = 1;\n${'x = "<a>" + b; '.repeat(TOKENIZE.tokenizeMaxLineLength / 10)}\nlet y = 2;`], // a line left uncoloured
    );
    const langs = [...new Set(blocks.map(([lang]) => lang))];
    expect(blocks.length).toBeGreaterThan(400);
    expect(langs.length).toBeGreaterThan(10);
    await useHighlighter(langs);
    const shiki = await createHighlighter({ themes: Object.values(THEMES), langs });
    const differ = blocks.filter(([lang, code]) => {
      const expected = shiki.codeToHtml(code, { lang, themes: THEMES, defaultColor: false, ...TOKENIZE });
      return highlightOnceForTest(code, lang) !== expected || highlight(code, lang) !== expected;
    });
    expect(differ).toEqual([]);
  }, 120_000);
});

/** The body of a space's one page, `markdown`, rendered with nonce `5eed`. */
async function renderAlone(markdown: string, title: string) {
  const view = await (await syncedSpace(markdownSpace({ 'README.md': markdown }), title)).view();
  const page = view.index.documents()[0]!;
  const space: SpaceRender = {
    index: view.index,
    urls: new SpaceUrls('/', ''),
    reusable: () => null,
    options: { spaceRoot: '', externalTarget: 'self', variables: {}, nonce: '5eed' },
  };
  return await renderPageBody(space, page, { text: markdown });
}

describe('code highlighted on the highlight worker', () => {
  it('fills in the markers of its own build only', () => {
    const html = `<div class="highlight">${codeMarker('abc123', 0)}</div><p>${codeMarker('abc123', 1)}</p><!--code:other:0-->`;
    expect(fillCodeMarkers(html, 'abc123', ['<pre>zero</pre>', '<pre>one</pre>'])).toBe(
      '<div class="highlight"><pre>zero</pre></div><p><pre>one</pre></p><!--code:other:0-->',
    );
  });

  it('gives the HTML of highlighting on the thread, and no marker a page could forge', async () => {
    const markdown = ['# Code', '', '```js', 'const a = 1 < 2;', '```', '', '<!--code:00:0--> <!-- note -->', '', '```mermaid', 'graph TD', '```', ''].join(
      '\n',
    );
    const body = await renderAlone(markdown, 'Deferred code');
    expect(body.code).toEqual([['js', 'const a = 1 < 2;']]);
    expect(body.html).toContain(codeMarker('5eed', 0));
    const filled = await new CodeHighlights().fill(body.html, '5eed', body.code);
    await useHighlighter(['js']);
    const here = highlight('const a = 1 < 2;', 'js');
    expect(filled.html).toBe(body.html.replace(codeMarker('5eed', 0), here));
    // The build learns each block's HTML by its key, for the page's next render.
    expect(filled.highlighted).toEqual([[codeKey('const a = 1 < 2;', 'js'), here]]);
    expect(filled.plain).toBe(0);
    expect(filled.html).not.toContain('<!--');
  });

  it('leaves out of the outline the text of a frame dropped inside a heading', async () => {
    const markdown = '# Frames\n\n## Watch <iframe src="https://evil.example/x">fallback text</iframe> now\n\nText.\n';
    const body = await renderAlone(markdown, 'Frame in a heading');
    expect(body.html).not.toContain('fallback text');
    expect(body.outline.map((entry) => entry.text)).toEqual(['Watch  now']);
  });

  it('holds a block from the prefetch of the pages that want it to their fill, asking the worker once', async () => {
    const a: CodeBlock = ['js', 'const held = 1;'];
    const b: CodeBlock = ['bash', 'echo held'];
    const asked: CodeBlock[][] = [];
    const worker = new HighlightWorker();
    const highlight = worker.highlight.bind(worker);
    worker.highlight = (blocks) => (asked.push([...blocks]), highlight(blocks));
    const highlights = new CodeHighlights(() => worker);
    const page = (n: number) => Array.from({ length: n }, (_, i) => codeMarker('f1', i)).join('');
    highlights.prefetch([a, b, a]); // page 1 holds a twice
    highlights.prefetch([a]); // page 2
    expect(highlights.held).toBe(2);
    expect(asked).toEqual([[a, b]]);
    // A page nobody prefetched, with a block held by page 2 twice: it takes no hold of page 2's.
    const other = await highlights.fill(page(2), 'f1', [a, a]);
    expect(highlights.held).toBe(2);
    const one = await highlights.fill(page(3), 'f1', [a, b, a], [a, b, a]);
    expect(highlights.held).toBe(1);
    // Its code may differ from what was prefetched (an include adds a block): it lets go of what it held.
    const two = await highlights.fill(page(2), 'f1', [a, a], [a]);
    expect(highlights.held).toBe(0);
    expect(asked).toHaveLength(1);
    expect(one.html.match(/<pre class="shiki shiki-themes/g)).toHaveLength(3);
    expect(other.html).toBe(two.html);
    // A page nobody prefetched is asked for at its fill, and holds nothing after.
    await highlights.fill(page(1), 'f1', [b]);
    expect(asked).toEqual([[a, b], [b]]);
    expect(highlights.held).toBe(0);
  });
});
