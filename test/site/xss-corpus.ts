/** XSS payloads in markdown, titles and frontmatter: built by the HTML check (xss.test.ts) and the Chromium check (test/browser). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './helpers.js';

export const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(2)">',
  '<a href="javascript:alert(3)">click</a>',
  '<a href=" JaVaScRiPt:alert(4)">spaced</a>',
  '[md link](javascript:alert(5))',
  '![md image](javascript:alert(6))',
  '<svg onload="alert(7)"><circle r="1"/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(8))" onclick="alert(9)">styled</div>',
  '<details open ontoggle="alert(10)"><summary>x</summary>y</details>',
  '<a href="data:text/html,<script>alert(11)</script>">data</a>',
  '<form action="javascript:alert(12)"><button formaction="javascript:alert(13)">b</button></form>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(14)>',
  '{% embed url="javascript:alert(15)" %}',
  '<figure><img src="javascript:alert(16)" alt="a"><figcaption><p><img src=x onerror=alert(17)></p></figcaption></figure>',
  '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><script>alert(18)</script></td><td><a href="javascript:alert(19)">t</a></td></tr></tbody></table>',
  '<mark style="color:red;background-color:expression(alert(20))">m</mark>',
];

/** A space whose pages, titles and frontmatter carry the payloads; each would call `alert(n)` if it ran. */
export function xssCorpus(): string {
  const dir = tempDir('xss-src');
  const title = '<script>alert("title")</script><img src=x onerror=alert(21)>';
  writeFileSync(join(dir, 'SUMMARY.md'), `# Table of contents\n\n* [Home](README.md)\n* [${title}](evil.md)\n`);
  writeFileSync(join(dir, 'README.md'), `# Home\n\n${PAYLOADS.join('\n\n')}\n`);
  writeFileSync(
    join(dir, 'evil.md'),
    `---\ndescription: '"><script>alert(22)</script>'\n---\n\n# ${title}\n\n## <img src=x onerror=alert(23)> heading\n\nBody.\n`,
  );
  mkdirSync(join(dir, '.gitbook'), { recursive: true });
  return dir;
}
