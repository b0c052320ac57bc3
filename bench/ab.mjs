// A/B: one bench script run against this checkout and against an earlier commit, alternating, in one run.
// The earlier commit is checked out with `git worktree` into a scratch folder, given this checkout's node_modules and
// built there (kept between runs by commit). Each round runs the script once per side, in a fresh process, in
// alternating order (A B, B A, ...), so a slow period of the machine falls on both.
//
// Usage: node bench/ab.mjs [--base <commit>] [--rounds 6] [--script build.mjs] [--shared] [-- <script args>]
// `--shared`: both sides run this checkout's script, given `--root <checkout>` (for a script the earlier commit lacks).
// Run `npm run build` first. Prints, per figure the script emits, one JSON line with both medians, their ratio, and
// the median of the per-round ratios (`paired_ratio`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { emit, median, round } from './lib.mjs';

const { values: opt, positionals } = parseArgs({
  options: {
    base: { type: 'string', default: 'HEAD~1' },
    rounds: { type: 'string', default: '6' },
    script: { type: 'string', default: 'build.mjs' },
    shared: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const root = fileURLToPath(new URL('..', import.meta.url));
const log = (message) => process.stderr.write(`[ab] ${message}\n`);
const git = (...args) => {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
};

function checkoutOf(commit) {
  const dir = join(tmpdir(), `quire-ab-${commit.slice(0, 12)}`);
  if (existsSync(join(dir, 'dist', 'bundle'))) return dir;
  mkdirSync(tmpdir(), { recursive: true });
  if (!existsSync(dir)) git('worktree', 'add', '--detach', dir, commit);
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  // Scripts read the corpora beside the checkout (`../shared`): the earlier one finds the same.
  const shared = join(dir, '..', 'shared');
  if (!existsSync(shared) && existsSync(join(root, '..', 'shared'))) symlinkSync(join(root, '..', 'shared'), shared);
  log(`building ${commit.slice(0, 12)} in ${dir}`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`npm run build failed in ${dir}`);
  return dir;
}

function runOnce(dir) {
  const args = opt.shared ? [join(root, 'bench', opt.script), ...positionals, '--root', dir] : [join(dir, 'bench', opt.script), ...positionals];
  const result = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`${opt.script} failed in ${dir} (exit ${result.status})`);
  return result.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

const base = git('rev-parse', opt.base);
const sides = { new: root, old: checkoutOf(base) };
const samples = { new: new Map(), old: new Map() };
const rounds = Number(opt.rounds);
for (let i = 0; i < rounds; i++) {
  const order = i % 2 ? ['old', 'new'] : ['new', 'old'];
  for (const side of order) {
    for (const line of runOnce(sides[side])) {
      const name = line.figure ?? line.name;
      const value = typeof line.value === 'number' ? line.value : line.median;
      if (typeof value !== 'number') continue;
      samples[side].set(name, [...(samples[side].get(name) ?? []), value]);
    }
  }
  log(`round ${i + 1}/${rounds} done`);
}
for (const [figure, values] of samples.new) {
  const old = samples.old.get(figure);
  if (!old) continue;
  const [a, b] = [median(values), median(old)];
  // Each round's two runs sit side by side in time: the median of their ratios is steadier than a ratio of medians
  // when the machine's speed drifts during the run.
  const paired = median(values.map((v, i) => v / old[i]));
  emit({
    figure,
    script: opt.script,
    base: base.slice(0, 12),
    rounds,
    new_median: a,
    old_median: b,
    ratio: round(a / b, 3),
    paired_ratio: round(paired, 3),
    new: values,
    old,
  });
}
