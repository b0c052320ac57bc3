// `docs build` sets the lean heap of src/platform/heap.ts before a build of many new pages, and keeps V8's for a
// rebuild. Seen from outside: a module preloaded into the real CLI reports the V8 flags the command sets.
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/gen-corpus.mjs';
import { LEAN_HEAP_FROM } from '../../src/site/build.js';
import { LEAN_HEAP_FLAGS } from '../../src/platform/heap.js';
import { docs, project } from '../helpers/cli.js';

const probe = join(mkdtempSync(join(tmpdir(), 'quire-heap-probe-')), 'probe.mjs');
writeFileSync(
  probe,
  `import v8 from 'node:v8';
import { syncBuiltinESMExports } from 'node:module';
const set = v8.setFlagsFromString;
v8.setFlagsFromString = (flag) => { process.stderr.write('v8 flag ' + flag + '\\n'); set(flag); };
syncBuiltinESMExports();
`,
);
const flagsSet = (stderr: string) => [...new Set([...stderr.matchAll(/^v8 flag (.+)$/gm)].map((m) => m[1]))];

describe('the heap of a build', () => {
  it("is lean for a first build and after an upgrade, V8's own for a rebuild and a sync; a flag given to node stays", { timeout: 120_000 }, async () => {
    const dir = project('storage:\n  dir: .docs\n', 'heap');
    const corpus = join(dir, 'corpus');
    generateCorpus(corpus, LEAN_HEAP_FROM + 10);
    const env = { NODE_OPTIONS: `--import ${probe}` };
    const sync = await docs({ cwd: dir, env }, 'sync', corpus);
    expect(sync.code, sync.stderr).toBe(0);
    expect(flagsSet(sync.stderr)).toEqual([]);
    const build = await docs({ cwd: dir, env }, 'build', '--out', 'site', '--no-strict-links');
    expect(build.code, build.stderr).toBe(0);
    expect(flagsSet(build.stderr)).toEqual([...LEAN_HEAP_FLAGS]);

    appendFileSync(join(corpus, 'group-2', 'page-60.md'), '\nOne more sentence.\n');
    expect((await docs({ cwd: dir, env }, 'sync', corpus)).code).toBe(0);
    const rebuild = await docs({ cwd: dir, env }, 'build', '--out', 'site', '--no-strict-links', '--json');
    expect(rebuild.code, rebuild.stderr).toBe(0);
    expect(JSON.parse(rebuild.stdout)).toMatchObject({ rendered: 1 });
    expect(flagsSet(rebuild.stderr)).toEqual([]);

    // After an upgrade every page renders again (its key names the assets' version): the manifest records another version.
    const manifestPath = join(dir, 'site', '.quire-build.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    expect(Object.keys(manifest.assets).length).toBeGreaterThan(0);
    for (const path of Object.keys(manifest.assets)) manifest.assets[path] = 'older00000';
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const upgraded = await docs({ cwd: dir, env }, 'build', '--out', 'site', '--no-strict-links', '--json');
    expect(upgraded.code, upgraded.stderr).toBe(0);
    expect(flagsSet(upgraded.stderr)).toEqual([...LEAN_HEAP_FLAGS]);

    const given = await docs(
      { cwd: dir, env: { NODE_OPTIONS: `--import ${probe} --max-semi-space-size=4` } },
      'build',
      '--out',
      'other-site',
      '--no-strict-links',
    );
    expect(given.code, given.stderr).toBe(0);
    expect(flagsSet(given.stderr)).toEqual(['--heap-growing-percent=20']);
  });
});
