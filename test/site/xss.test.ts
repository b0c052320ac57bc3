import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syncedSpace, tempDir } from './helpers.js';
import { xssCorpus as corpus } from './xss-corpus.js';

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
      // The only scripts are the site's own: the theme snippet in <head>, the sidebar folds' after the sidebar, site.js,
      // and the breadcrumbs' data (JSON with every `<` escaped).
      const scripts = [...text.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
      expect(
        scripts.every((s) => s === '<script>' || s === '<script type="application/ld+json">' || /^<script src="\/_quire\/site\.js\?v=\w+" defer/.test(s)),
        `${file}: ${scripts.join(' ')}`,
      ).toBe(true);
      expect(
        text.match(/<script>(?!\(function\(\)\{var (t=null;try\{t=localStorage|s;try\{s=JSON\.parse\(localStorage\.getItem\('quire-nav'\)))/g),
        file,
      ).toBeNull();
      for (const data of text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) expect(data[1], file).not.toContain('<');
      expect(
        attributeNames(text).filter((name) => name.startsWith('on')),
        file,
      ).toEqual([]);
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
