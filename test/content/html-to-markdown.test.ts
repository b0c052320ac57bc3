import { describe, expect, it } from 'vitest';
import { capNesting, htmlToMarkdown, pageMarkdown, parseHtml } from '../../src/content/html-to-markdown.js';

describe('HTML -> markdown (rehype-parse -> rehype-remark -> remark-stringify)', () => {
  it('takes the title from <title>, drops the matching <h1> and moves headings one level down', () => {
    const html = `<!doctype html><html><head><title>Otters</title><style>p{}</style></head>
      <body><h1>Otters</h1><h2>Habitat</h2><p>Rivers and <b>coasts</b>, <i>mostly</i>.</p>
      <ul><li>one<li>two</ul><pre><code class="language-js">let x = 1</code></pre>
      <table><tr><th>Name</th><th>Size</th></tr><tr><td>Sea otter</td><td>1.2 m</td></tr></table>
      <script>alert(1)</script></body></html>`;
    expect(htmlToMarkdown(html)).toBe(
      '# Otters\n\n### Habitat\n\nRivers and **coasts**, _mostly_.\n\n* one\n* two\n\n```js\nlet x = 1\n```\n\n| Name      | Size  |\n| --------- | ----- |\n| Sea otter | 1.2 m |\n',
    );
  });

  it('keeps an <h1> that differs from <title> as content, and uses the first <h1> when there is no <title>', () => {
    expect(htmlToMarkdown('<title>Site</title><h1>Other</h1><p>x</p>')).toBe('# Site\n\n## Other\n\nx\n');
    expect(htmlToMarkdown('<h1>Only heading</h1><p>x</p>')).toBe('# Only heading\n\nx\n');
    expect(htmlToMarkdown('<p>no title</p>')).toBe('no title\n');
  });

  it('reads the main content, drops navigation and site chrome, and collects every link of the document', () => {
    const page = parseHtml(
      `<html><head><base href="/docs/"></head><body><header><a href="/">Home</a></header><nav><a href="guide.html">Guide</a></nav>
       <main><h1>Start</h1><p>See <a href="api.html#auth">the API</a> and <a href="javascript:alert(1)">this</a>.</p>
       <img src="img/logo.png" alt="Logo"><img src="data:image/gif;base64,R0lGOD" data-src="img/lazy.png"></main>
       <footer>© 2024 <a href="https://other.example/">Other</a></footer></body></html>`,
      'https://site.example/docs/index.html',
    );
    expect(page.title).toBe('Start');
    expect(page.links).toEqual([
      'https://site.example/',
      'https://site.example/docs/guide.html',
      'https://site.example/docs/api.html#auth',
      'https://other.example/',
    ]);
    expect(page.images).toEqual(['https://site.example/docs/img/logo.png', 'https://site.example/docs/img/lazy.png']);
    const markdown = pageMarkdown(page, (url) => (url === 'https://site.example/docs/img/logo.png' ? '/files/f1' : undefined));
    expect(markdown).toBe(
      '# Start\n\nSee [the API](https://site.example/docs/api.html#auth) and this.\n\n![Logo](/files/f1)![](https://site.example/docs/img/lazy.png)\n',
    );
    expect(markdown).not.toContain('Home');
    expect(markdown).not.toContain('2024');
  });

  it('bounds HTML bombs: deep nesting is flattened or refused, nested marks unwrapped, huge pages refused', () => {
    // 100,000 nested elements: the tags past the bound are not parsed, the rest is flattened into its text.
    expect(htmlToMarkdown(`${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}<p>after</p>`)).toBe('deep\n\nafter\n');
    expect(capNesting(`${'<i>'.repeat(300)}x${'</i>'.repeat(300)}`, 256)).toBe(`${'<i>'.repeat(256)}x${'</i>'.repeat(256)}`);
    expect(capNesting('<p>a<p>b<script>if (a<b>c) {}</script><br><img src=x>', 2)).toBe('<p>a<p>b<script>if (a<b>c) {}</script><br><img src=x>');
    // 2,000 nested elements: read, with everything past the nesting bound flattened into its text.
    expect(htmlToMarkdown(`<p>${'<span>'.repeat(2_000)}flat</p>`)).toBe('flat\n');
    expect(htmlToMarkdown(`${'<blockquote>'.repeat(2_000)}quoted`).length).toBeLessThan(1_000);
    // Nested bold/italic/links are exponential for the markdown serialiser: the inner ones are unwrapped.
    expect(htmlToMarkdown(`<p>${'<b><i><em><strong>'.repeat(1_000)}x</p>`)).toBe('**_x_**\n');
    const links = htmlToMarkdown(`<p>${'<b><i><a href="/x">'.repeat(1_000)}x</p>`);
    expect(links.length).toBeLessThan(10_000);
    expect(links).toContain('[x](/x)');
    expect(() => parseHtml('<p>x</p>'.repeat(50_000))).toThrow(/more than 40000 elements/);
  });
});
