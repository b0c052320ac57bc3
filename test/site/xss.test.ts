import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syncedSpace, tempDir } from './helpers.js';

const PAYLOADS = [
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

function corpus(): string {
  const dir = tempDir('xss-src');
  const title = '<script>alert("title")</script><img src=x onerror=alert(21)>';
  writeFileSync(join(dir, 'SUMMARY.md'), `# Table of contents\n\n* [Home](README.md)\n* [${title}](evil.md)\n`);
  writeFileSync(join(dir, 'README.md'), `# Home\n\n${PAYLOADS.join('\n\n')}\n`);
  writeFileSync(join(dir, 'evil.md'), `---\ndescription: '"><script>alert(22)</script>'\n---\n\n# ${title}\n\n## <img src=x onerror=alert(23)> heading\n\nBody.\n`);
  mkdirSync(join(dir, '.gitbook'), { recursive: true });
  return dir;
}

/** Every attribute name of every tag (values are always double-quoted in the output). */
function attributeNames(text: string): string[] {
  const tags = text.match(/<[a-z][^\s>/]*(?:\s+[^\s=>]+(?:="[^"]*")?)*\s*\/?>/gi) ?? [];
  return tags.flatMap((tag) => [...tag.replace(/="[^"]*"/g, '').matchAll(/\s([^\s=>/]+)/g)].map((m) => m[1]!.toLowerCase()));
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

describe('sanitising', () => {
  it('renders scripts, event handlers, javascript: URLs, SVG and frames from markdown and titles inert', async () => {
    const space = await syncedSpace(corpus(), 'XSS');
    const out = tempDir('xss');
    await space.build(out, { strictLinks: false });
    const files = htmlFiles(out);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // The only scripts are the site's own: the theme snippet in <head> and site.js.
      const scripts = [...text.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
      expect(scripts.every((s) => s === '<script>' || /^<script src="\/_quire\/site\.js\?v=\w+" defer/.test(s)), `${file}: ${scripts.join(' ')}`).toBe(true);
      expect(text.match(/<script>(?!\(function\(\)\{var t=null;try\{t=localStorage)/g), file).toBeNull();
      expect(attributeNames(text).filter((name) => name.startsWith('on')), file).toEqual([]);
      expect(text, file).not.toMatch(/(href|src|action|formaction|data)\s*=\s*"\s*(javascript|data:text)/i);
      const body = text.replace(/<head>[\s\S]*<\/head>/, '');
      expect(body, file).not.toMatch(/<(svg|iframe|object|embed|form|style|math)\b/i);
      expect(text.match(/<style>/g)?.length ?? 0, file).toBeLessThanOrEqual(1);
      expect(text, file).not.toMatch(/<style>(?!:root\{--primary:)/);
      expect(text, file).not.toMatch(/style="[^"]*expression/i);
    }
    const evil = readFileSync(join(out, 'index.html'), 'utf8');
    expect(evil).toContain('&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
  });
});
