// Hostile code blocks against the build, old code against new in one run: a site of two pages whose guide holds code
// Shiki's grammars are slow on, built the way `docs build` builds it (a fresh process, the space synced first). Per case
// and side: the build's time, the longest time the build's thread was held (a server answers no one meanwhile:
// `docs serve` builds published sites in its own process), and whether the block came out highlighted or plain.
// Cases: `long_line`, one JavaScript line of 18 KB (`a.a.a...(`, as minified code can be); `many_lines`, a shell block
// of 400 lines of 2,000 characters (a word, spaces, a word).
// Usage: node bench/highlight-bound.mjs [--old <checkout>]   (run `npm run build` in both checkouts)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { emit, removeDir, round, siteBench } from './lib.mjs';

const { values: opt } = parseArgs({ options: { old: { type: 'string' }, phase: { type: 'string' }, root: { type: 'string' }, work: { type: 'string' } } });

const CASES = {
  long_line: ['js', `${'a.'.repeat(9000)}(`],
  many_lines: [
    'bash',
    Array(400)
      .fill(`a${' '.repeat(1990)}!`)
      .join('\n'),
  ],
};

if (opt.phase) await phase(opt.phase, opt.root, opt.work);
else orchestrate();

function orchestrate() {
  const self = fileURLToPath(import.meta.url);
  const sides = [['new', fileURLToPath(new URL('..', import.meta.url))], ...(opt.old ? [['old', opt.old]] : [])];
  for (const name of Object.keys(CASES)) {
    for (const [side, root] of sides) {
      const work = mkdtempSync(join(tmpdir(), 'quire-bench-highlight-'));
      const child = spawnSync(process.execPath, [self, '--phase', name, '--root', root, '--work', work], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      removeDir(work);
      if (child.status !== 0) throw new Error(`${side} ${name} exited ${child.status}`);
      const figures = JSON.parse(child.stdout.trim().split('\n').at(-1));
      emit({ figure: `highlight_${name}_build_ms`, side, value: figures.buildMs });
      emit({ figure: `highlight_${name}_thread_held_ms`, side, value: figures.heldMs });
      emit({ figure: `highlight_${name}_block`, side, value: figures.block, warnings: figures.warnings });
    }
  }
}

/** One case in this fresh process, over `root`'s dist/: its figures as the last line of stdout. */
async function phase(name, root, work) {
  const [lang, code] = CASES[name];
  const corpus = join(work, 'corpus');
  mkdirSync(corpus, { recursive: true });
  writeFileSync(join(corpus, 'README.md'), '# Home\n\nWelcome.\n');
  writeFileSync(join(corpus, 'guide.md'), `# Guide\n\n\`\`\`${lang}\n${code}\n\`\`\`\n`);
  const bench = await siteBench(root, join(work, 'store'));
  const site = await bench.site((await bench.sync(corpus)).space.id);
  const out = join(work, 'site');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const report = await bench.build(site, { out, strictLinks: false });
  const buildMs = performance.now() - started;
  delay.disable();
  const html = readFileSync(join(out, 'guide/index.html'), 'utf8');
  const figures = {
    buildMs: round(buildMs),
    heldMs: round(delay.max / 1e6),
    block: html.includes('<pre class="shiki plain"') ? 'plain' : 'highlighted',
    warnings: report.warnings.filter((w) => w.includes('code block')),
  };
  await bench.store.close();
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0); // the old code's highlighter may hold the process
}
