import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseGitBookYaml } from '../../../src/content/gitbook-config.js';
import { hasDotSegment } from '../../../src/content/paths.js';
import { firstFree, NoFreeNameError, safeSlug, slugProblem } from '../../../src/content/slug.js';

const run = promisify(execFile);
const SRC = new URL('../../../src/', import.meta.url).href;

/**
 * Runs `body` (an ES module reading `SRC`) in a child node on the TypeScript sources (through tsx), killed after a
 * deadline: a path-walk loop that spins would block this process forever, so it fails there instead.
 */
async function inChild(body: string): Promise<unknown> {
  const source = `const SRC = ${JSON.stringify(SRC)};\n${body}`;
  const args = ['--import', import.meta.resolve('tsx/esm'), '--input-type=module', '-e', source];
  const { stdout } = await run(process.execPath, args, { timeout: 20_000, killSignal: 'SIGKILL' });
  return JSON.parse(stdout);
}

describe('slug rules', () => {
  it('accepts one path segment and names what is wrong with anything else', () => {
    for (const slug of ['guide', 'vue.js', 'a..b', 'introducción', '1.-install']) expect(slugProblem(slug), slug).toBeNull();
    for (const slug of ['', '.', '..', 'a/b', '../x', 'a\\b', '%2e%2e', '%2E.', 'a%2Fb', 'x\u0000', 'line\nbreak', ' ', ' x', 'x\t'])
      expect(slugProblem(slug), slug).not.toBeNull();
  });

  it('refuses a leading dot: hidden names are skipped by Git Sync, and `.git` is refused by git', () => {
    for (const slug of ['.hidden', '.git', '.gitbook', '...', '%2egit']) expect(slugProblem(slug), slug).toMatch(/must not begin with "\."/);
    expect(['.hidden', '.git', '..hidden', '%2Egit', '...'].map(safeSlug)).toEqual(['hidden', 'git', 'hidden', 'git', 'untitled']);
  });

  it('derives a safe slug from a hostile one, and keeps a valid one', () => {
    expect(['guide', 'vue.js', '..', '.', '../../../x', '%2e%2e', 'a/b'].map(safeSlug)).toEqual([
      'guide',
      'vue.js',
      'untitled',
      'untitled',
      'x',
      'untitled',
      'a-b',
    ]);
  });

  it('finds a free name in bounded time, and fails instead of spinning when the candidates repeat', () => {
    expect(
      firstFree(
        (n) => (n ? `x-${n}` : 'x'),
        (c) => !['x', 'x-1'].includes(c),
      ),
    ).toBe('x-2');
    expect(
      firstFree(
        (n) => (n < 3 ? null : `y-${n}`),
        () => true,
      ),
    ).toBe('y-3');
    expect(() =>
      firstFree(
        () => 'same',
        () => false,
      ),
    ).toThrow(NoFreeNameError);
  });

  it('sees "." and ".." segments raw, percent-encoded once or twice, and behind backslashes', () => {
    for (const path of ['/../x', '/a/./b', '/%2e%2e/x', '/a/%2E%2E', '/%252e%252e/x', 'a\\..\\b', '..', '.', './a', 'a/.', 'a/..', '\\..', '%zz/%2e%2e'])
      expect(hasDotSegment(path), path).toBe(true);
    for (const path of ['/old/page', '/v1.2/x', '/a..b', '/%2e%2ex', '', '.hidden/a', 'a/.b', 'a/b.', '...', 'a%zz/b', '100%/x'])
      expect(hasDotSegment(path), path).toBe(false);
  });
});

describe('.gitbook.yaml redirects', () => {
  it('skips sources that climb out, with a warning naming the file and line', () => {
    const config = parseGitBookYaml(
      'root: ./\nredirects:\n  old: new.md\n  ../../../../tmp/x: README.md\n  "%2e%2e/y": README.md\n  ./help/contact: contact.md\n',
    );
    expect(config.redirects).toEqual({ old: 'new.md', './help/contact': 'contact.md' });
    expect(config.warnings).toEqual([
      '.gitbook.yaml:4: redirect source "../../../../tmp/x" has a "." or ".." segment; skipped',
      '.gitbook.yaml:5: redirect source "%2e%2e/y" has a "." or ".." segment; skipped',
    ]);
  });
});

describe('path-walk loops on hostile stored slugs (bounded: run in a child process)', () => {
  it('applyChanges places a page restored from a revision with hostile slugs and no git path, and terminates', async () => {
    const result = await inChild(`
      const { applyChanges } = await import(SRC + 'domain/content-writes/apply-changes.ts');
      const page = (id, slug) => ({ id, kind: 'document', title: id, slug, path: slug, parentId: null, hidden: false, blob: '', git: { oid: '', path: null } });
      const base = { pages: [page('home', 'readme'), page('a', '../../../x')], files: [], reusableContents: [], variables: {} };
      base.pages[0].path = '';
      base.pages[0].git.path = 'README.md';
      const old = { ...base, pages: [...base.pages, page('b', '../../../edit-escape'), page('c', '..')] };
      let n = 0;
      const ctx = { base, baseRevisionId: 'rev0', spaceRoot: '', files: new Map(), revisionContent: (id) => (id === 'rev1' ? old : base), readBlob: () => new Uint8Array(), newId: () => 'new' + ++n };
      const out = await applyChanges(ctx, [
        { operation: 'revert_page', page: 'b', revision: 'rev1' },
        { operation: 'revert_page', page: 'c', revision: 'rev1' },
        { operation: 'update_page', page: 'a', into: 'home' },
      ]);
      console.log(JSON.stringify(out.content.pages.map((p) => [p.id, p.slug, p.path, p.git?.path ?? null])));
    `);
    expect(result).toEqual([
      ['home', 'readme', '', 'README.md'],
      ['a', 'x', 'readme/x', null],
      ['b', 'edit-escape', 'edit-escape', 'edit-escape.md'],
      ['c', 'untitled', 'untitled', 'untitled.md'],
    ]);
  });

  it('exportPaths places hostile stored pages under safe paths inside the repository, with a warning each', async () => {
    const result = (await inChild(`
      const { exportPaths } = await import(SRC + 'gitsync/export/paths.ts');
      const page = (id, slug, parentId = null) => ({ id, kind: 'document', title: id, slug, path: slug, parentId, hidden: false, blob: 'b', git: { oid: 'b', path: null } });
      const group = { id: 'g', kind: 'group', title: 'G', slug: '../..', path: '../..', parentId: null, hidden: false };
      const next = { pages: [page('p1', '../../../x'), page('p2', '../../../x-again'), page('p3', '..'), group, page('p4', '..', 'g')], files: [], reusableContents: [], variables: {} };
      const empty = { pages: [], files: [], reusableContents: [], variables: {} };
      const out = exportPaths(next, empty, { root: 'docs', readme: 'docs/README.md' }, new Set());
      console.log(JSON.stringify({ pages: [...out.pages], warnings: out.warnings }));
    `)) as { pages: [string, string][]; warnings: string[] };
    expect(result.pages).toEqual([
      ['p1', 'docs/x.md'],
      ['p2', 'docs/x-again.md'],
      ['p3', 'docs/untitled.md'],
      ['p4', 'docs/untitled/untitled.md'],
    ]);
    expect(result.warnings).toHaveLength(4);
    expect(result.warnings[0]).toBe('page "p1": its slug "../../../x" is not a valid slug (one path segment); written as docs/x.md');
  });
});
