// `npm test` on a clone with nothing beside it: the tests that read ../shared/corpora say so, and are left out there
// with a note; CI, which has the corpora, makes their absence a failure.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const MARKER = /^\/\/ corpora: /m;
/** Reads the corpora itself: names their folder, or the constants that hold it. */
const NAMES_CORPORA = /shared\/corpora|\bCORPORA\b/;

function files(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path, suffix) : entry.name.endsWith(suffix) ? [path] : [];
  });
}
const testFiles = (dir: string) => files(dir, '.test.ts');

/** Each exported function or constant of the helpers (not test files) under `root`, with its source text. */
function helperExports(root: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files(root, '.ts').filter((f) => !f.endsWith('.test.ts'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^export (?:async )?function (\w+)[\s\S]*?^}$/gm)) found.set(m[1]!, m[0]);
    for (const m of text.matchAll(/^export const (\w+) = .*$/gm)) found.set(m[1]!, m[0]);
  }
  return found;
}

/** Every test file that reads the corpora: itself, or through a helper that does (at any depth). */
function corpusReaders(root: string): string[] {
  const exports = helperExports(root);
  const readers = new Set<string>();
  const uses = (text: string) => NAMES_CORPORA.test(text) || [...readers].some((name) => new RegExp(`\\b${name}\\b`).test(text));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, text] of exports) {
      if (!readers.has(name) && uses(text)) {
        readers.add(name);
        grew = true;
      }
    }
  }
  // A test uses a helper it imports (a method of the same name, `api.spaces.listFiles`, is not that helper).
  const importsReader = (text: string) =>
    [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'\.[^']*'/g)].some((m) =>
      m[1]!.split(',').some((name) => readers.has(name.trim().split(/\s+as\s+/)[0]!)),
    );
  return testFiles(root).filter((file) => {
    const text = readFileSync(file, 'utf8');
    return NAMES_CORPORA.test(text) || importsReader(text);
  });
}

describe('a clone without ../shared', () => {
  it('every test file that reads the corpora carries the marker that skips it there', () => {
    const readers = corpusReaders(join(ROOT, 'test')).filter((file) => !file.endsWith('fresh-clone.test.ts'));
    expect(readers.length).toBeGreaterThan(10);
    const unmarked = readers.filter((file) => !MARKER.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file));
    expect(unmarked).toEqual([]);
  });

  it('leaves the marked files out with a note, and fails instead when CI requires the corpora', () => {
    const clone = join(mkdtempSync(join(tmpdir(), 'quire-clone-')), 'main');
    mkdirSync(clone);
    cpSync(join(ROOT, 'vitest.config.ts'), join(clone, 'vitest.config.ts'));
    cpSync(join(ROOT, 'test'), join(clone, 'test'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
    // What every project leaves out: the marked files must be left out of each.
    const script =
      "import('./vitest.config.ts').then((m) => { const projects = (m.default.default ?? m.default).test.projects; " +
      'const sets = projects.map((p) => p.test.exclude); console.log(JSON.stringify(sets[0].filter((f) => sets.every((s) => s.includes(f))))); })';
    const tsx = join(ROOT, 'node_modules/.bin/tsx');
    const listed = spawnSync(tsx, ['-e', script], { cwd: clone, encoding: 'utf8', env: { ...process.env, QUIRE_REQUIRE_CORPORA: '' } });
    expect(listed.status).toBe(0);
    const excluded = JSON.parse(listed.stdout) as string[];
    const marked = testFiles(join(clone, 'test'))
      .filter((f) => MARKER.test(readFileSync(f, 'utf8')))
      .map((f) => relative(clone, f));
    expect(marked.length).toBeGreaterThan(10);
    expect(excluded).toEqual(expect.arrayContaining(marked));
    expect(listed.stderr).toMatch(
      new RegExp(
        `^Note: \\.\\./shared/corpora is not beside this clone: the ${marked.length} test files marked "// corpora:" that read it are skipped\\.$`,
        'm',
      ),
    );

    const required = spawnSync(tsx, ['-e', script], { cwd: clone, encoding: 'utf8', env: { ...process.env, QUIRE_REQUIRE_CORPORA: '1' } });
    expect(required.status).not.toBe(0);
    expect(required.stderr).toMatch(/QUIRE_REQUIRE_CORPORA=1 but \.\.\/shared\/corpora is not beside this clone/);
    execFileSync('rm', ['-rf', join(clone, '..')]);
  });
});
