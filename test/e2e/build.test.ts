// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPORA, docs } from '../helpers/cli.js';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-build-'));
  writeFileSync(join(dir, 'docs.config.yaml'), 'organizations:\n  - title: Build test\n');
  return dir;
}

describe('docs build --space', () => {
  it('builds a synced space into a static site', async () => {
    const cwd = project();
    expect((await docs(cwd, 'sync', join(CORPORA, 'git-sync-normalization'), '--space', 'GSN')).code).toBe(0);
    const result = await docs(cwd, 'build', '--space', 'GSN', '--out', 'site', '--site-url', 'https://docs.example.com');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Built 18 pages \(18 rendered, 0 unchanged\)/);
    for (const file of ['index.html', 'hints/index.html', 'hints.md', 'sitemap.xml', 'llms.txt', '404.html', 'search-index.json']) {
      expect(existsSync(join(cwd, 'site', file)), file).toBe(true);
    }
    expect(readFileSync(join(cwd, 'site', 'sitemap.xml'), 'utf8')).toContain('<loc>https://docs.example.com/hints/</loc>');
    const again = await docs(cwd, 'build', '--space', 'GSN', '--out', 'site', '--site-url', 'https://docs.example.com', '--json');
    expect(JSON.parse(again.stdout)).toMatchObject({ pages: 18, rendered: 0 });
  });

  it('fails on a broken link with a report, and builds with --no-strict-links', async () => {
    const cwd = project();
    const source = join(cwd, 'src');
    mkdirSync(source);
    writeFileSync(join(source, 'README.md'), '# Home\n\nSee [the guide](guide.md) and [a section](#nowhere).\n');
    expect((await docs(cwd, 'sync', source, '--space', 'Broken')).code).toBe(0);
    const strict = await docs(cwd, 'build', '--space', 'Broken', '--out', 'site');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('README.md');
    expect(strict.stderr).toContain('guide.md  (no page at guide.md)');
    expect(strict.stderr).toContain('#nowhere  (no anchor #nowhere in the target page)');
    const lenient = await docs(cwd, 'build', '--space', 'Broken', '--out', 'site', '--no-strict-links');
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/^Built 1 pages/);
    expect(lenient.stderr).toContain('docs: warning: 2 broken internal links');
  });

  it('names the output that cannot be written, with no trace, and leaves the file in the way alone', async () => {
    const cwd = project();
    expect((await docs(cwd, 'sync', join(CORPORA, 'git-sync-normalization'), '--space', 'GSN')).code).toBe(0);
    writeFileSync(join(cwd, 'taken'), 'a file, not a folder\n');
    const result = await docs(cwd, 'build', '--space', 'GSN', '--out', 'taken');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^docs: --out .*taken: cannot write .*taken(\/\S+)? \(E[A-Z]+\)\n$/);
    expect(result.stderr).not.toContain('    at ');
    expect(readFileSync(join(cwd, 'taken'), 'utf8')).toBe('a file, not a folder\n');
  });

  it('names the missing space, and says when nothing was synced yet', async () => {
    const cwd = project();
    const before = await docs(cwd, 'build', '--space', 'Nope');
    expect(before.code).toBe(1);
    expect(before.stderr).toContain('nothing synced yet');
    expect((await docs(cwd, 'sync', join(CORPORA, 'git-sync-normalization'), '--space', 'GSN')).code).toBe(0);
    const result = await docs(cwd, 'build', '--space', 'Nope');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--space Nope: no such space');
  });
});
