import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The dependency rules of .dependency-cruiser.cjs, run on a small tree that breaks each of them once: every rule
// must name its breach, and the real tree must have none beyond the recorded ones.
const root = fileURLToPath(new URL('../..', import.meta.url));
const config = join(root, '.dependency-cruiser.cjs');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const breaches: Record<string, string> = {
  'src/model/a.ts': "import { b } from '../domain/x/b.js';\nexport const a = b;\n",
  'src/content/c.ts': "import { readFileSync } from 'node:fs';\nimport { d } from '../domain/x/d.js';\nexport const c = [readFileSync, d];\n",
  'src/domain/x/b.ts': "import { h } from '../../server/h.js';\nexport const b = h;\n",
  'src/domain/x/d.ts': "import { e } from './e.js';\nexport const d = e;\n",
  'src/domain/x/e.ts': "import { d } from './d.js';\nexport const e = () => d;\n",
  'src/server/h.ts': "import { s } from '../store/sqlite/s.js';\nimport { cli } from '../cli/main.js';\nexport const h = [s, cli];\n",
  'src/site/p.ts':
    "import type { Store } from '../store/index.js';\nimport { openStore } from '../store/index.js';\nexport const p = [openStore as unknown as Store];\n",
  'src/site/s.ts': "import { g } from '../gitsync/g.js';\nexport const s = g;\n",
  'src/gitsync/g.ts': "import { h } from '../server/h.js';\nexport const g = h;\n",
  'src/model/io.ts': "import { createRequire } from 'node:module';\nexport const io = createRequire;\n",
  'src/version.ts': "import { b } from './domain/x/b.js';\nexport const version = b;\n",
  'src/platform/q.ts': "import { b } from '../domain/x/b.js';\nexport const q = b;\n",
  'src/store/index.ts': 'export const openStore = 1;\nexport interface Store { x: 1 }\n',
  'src/store/sqlite/s.ts': 'export const s = 1;\n',
  'src/store/secrets.ts': 'export const key = 1;\n',
  'src/cli/main.ts': 'export const cli = 1;\n',
  'src/cli/r.ts': "import { key } from '../store/secrets.js';\nexport const r = key;\n",
};

function cruise(cwd: string): Array<{ rule: string; from: string; to: string }> {
  const run = spawnSync(process.execPath, [depcruise, 'src', '--config', config, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`depcruise failed: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { summary: { violations: Array<{ rule: { name: string; severity: string }; from: string; to: string }> } };
  return report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

describe('the layer rules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-layers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('name every breach of the layering', () => {
    for (const [path, text] of Object.entries(breaches)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] }));
    const found = cruise(dir).map((v) => `${v.rule}: ${v.from} -> ${v.to}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'model-is-vocabulary: src/model/a.ts -> src/domain/x/b.ts',
        'content-is-pure: src/content/c.ts -> src/domain/x/d.ts',
        'no-io-in-pure-layers: src/content/c.ts -> fs',
        'domain-knows-no-transport: src/domain/x/b.ts -> src/server/h.ts',
        'sqlite-behind-the-interface: src/server/h.ts -> src/store/sqlite/s.ts',
        'store-through-its-entry: src/cli/r.ts -> src/store/secrets.ts',
        'store-only-through-domain: src/site/p.ts -> src/store/index.ts',
        'platform-knows-no-layer: src/platform/q.ts -> src/domain/x/b.ts',
        'cli-on-top: src/server/h.ts -> src/cli/main.ts',
        'no-circular: src/domain/x/d.ts -> src/domain/x/e.ts',
        'middle-layers-apart: src/site/s.ts -> src/gitsync/g.ts',
        'middle-layers-apart: src/gitsync/g.ts -> src/server/h.ts',
        'no-io-in-pure-layers: src/model/io.ts -> module',
        'root-files-import-nothing: src/version.ts -> src/domain/x/b.ts',
      ]),
    );
    // A type-only import of the store is how layers above domain/ pass it along: not a breach.
    expect(found.filter((v) => v.includes('src/site/p.ts'))).toHaveLength(1);
  });

  it('hold on the real tree', () => {
    // The API's input types are generated from the spec (npm run build, typecheck and lint do it first).
    const types = spawnSync(process.execPath, [join(root, 'scripts/api-types.mjs')], { cwd: root, encoding: 'utf8' });
    expect(types.status, types.stderr).toBe(0);
    expect(cruise(root)).toEqual([]);
  });
});
