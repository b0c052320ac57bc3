// The commands that sync or build once run with the lean heap of src/platform/heap.ts; the server and the watcher
// keep V8's. Seen from outside: a module preloaded into the real CLI reports the V8 flags it sets.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
const flagsSet = (stderr: string) => [...stderr.matchAll(/^v8 flag (.+)$/gm)].map((m) => m[1]);

describe('the heap of a command', () => {
  it("is lean for a build or a sync, V8's own for the others, and a flag given to node stays", async () => {
    const dir = project('storage:\n  dir: .docs\n', 'heap');
    const env = { NODE_OPTIONS: `--import ${probe}` };
    const build = await docs({ cwd: dir, env }, 'build');
    expect(build.stderr).toContain('nothing synced yet');
    expect(flagsSet(build.stderr)).toEqual([...LEAN_HEAP_FLAGS]);
    const sync = await docs({ cwd: dir, env: { NODE_OPTIONS: `--import ${probe} --max-semi-space-size=4` } }, 'sync', join(dir, 'missing'));
    expect(sync.code).not.toBe(0);
    expect(flagsSet(sync.stderr)).toEqual(['--heap-growing-percent=20']);
    const token = await docs({ cwd: dir, env }, 'token', 'create', '--help');
    expect(token.code).toBe(0);
    expect(flagsSet(token.stderr)).toEqual([]);
    const migrate = await docs({ cwd: dir, env }, 'migrate');
    expect(flagsSet(migrate.stderr)).toEqual([]);
  });
});
