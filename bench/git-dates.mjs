// Git-date budget (issue 20, run `npm run build` first): **the git-date walk adds <= 10% to a cold sync of a 1,000-commit
// repository**. The repository: the generated corpus at 200 pages, then 999 commits each touching 3 of 150 of the pages
// (the other 50 are dated by the first commit, so the walk reads the whole history), written with `git fast-import`,
// so its objects are packed as in a clone. Each figure runs in a fresh process with a fresh store,
// the two syncs in alternating order per round (`BENCH_RUNS`, default 5). Prints one JSON line per figure:
// `git_dates_sync_cold_ms` (a cold sync, dates walked), `git_dates_sync_cold_no_walk_ms` (the same, `gitDates: false`),
// `git_dates_sync_overhead_percent` (their medians compared, and the median of the per-round ratios),
// `git_dates_sync_cpu_overhead_percent` (the same for the CPU time of every thread of the process), `git_dates_walk_ms`
// (the walk alone, no cache) and `git_dates_walk_incremental_ms` (the walk of a child commit from the cache of its parent).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, median, openSyncer, removeDir, round } from './lib.mjs';

const SELF = fileURLToPath(import.meta.url);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = 200;
const COMMITS = 1000;
const PER_COMMIT = 3;
/** Pages the later commits edit: the others keep the first commit's date, so the walk goes down the whole history. */
const EDITED = 150;
const dist = new URL('../dist/', import.meta.url);

/** A repository of COMMITS commits over a PAGES-page corpus, each commit after the first editing PER_COMMIT pages. */
function makeRepository() {
  const root = mkdtempSync(join(tmpdir(), 'quire-bench-dates-'));
  const corpus = join(root, 'corpus');
  generateCorpus(corpus, PAGES);
  const files = new Map(listFiles(corpus).map((path) => [relative(corpus, path), readFileSync(path, 'utf8')]));
  const pages = [...files.keys()].filter((p) => p.endsWith('.md') && p !== 'SUMMARY.md').sort();
  const repo = join(root, 'repo');
  execFileSync('git', ['init', '-q', '-b', 'main', repo]);
  const stream = [];
  const data = (text) => `data ${Buffer.byteLength(text)}\n${text}`;
  for (let i = 0; i < COMMITS; i++) {
    const when = 1_600_000_000 + i * 3600;
    stream.push(
      'commit refs/heads/main',
      `author Bench <bench@example.com> ${when} +0000`,
      `committer Bench <bench@example.com> ${when} +0000`,
      data(`commit ${i}`),
    );
    const touched = i === 0 ? [...files.keys()] : Array.from({ length: PER_COMMIT }, (_, k) => pages[(i * 7 + k * 61) % EDITED]);
    for (const path of touched) {
      if (i > 0) files.set(path, `${files.get(path)}\nEdit ${i}.\n`);
      stream.push(`M 100644 inline ${path}`, data(files.get(path)));
    }
    stream.push('');
  }
  execFileSync('git', ['fast-import', '--quiet'], { cwd: repo, input: `${stream.join('\n')}\n` });
  return { root, repo, pages };
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

async function openSync() {
  const { sync, close } = await openSyncer();
  return { sync: (dir, options) => sync(dir, { space: 'Dates', ...options }), close };
}

const CHILDREN = {
  /** A cold sync, with the walk or without (`off`). */
  async sync(repo, walk) {
    const { sync, close } = await openSync();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const [report] = await sync(repo, walk === 'off' ? { gitDates: false } : {});
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    await close();
    return { ms, cpuMs: (user + system) / 1000, pages: report.pagesAdded };
  },
  /** The walk alone from HEAD, no cache; then HEAD from a cache of HEAD~1's walk. */
  async walk(repo, pagesJson) {
    const { lastCommitDates } = await import(new URL('gitsync/dates/walk.js', dist).href);
    const { resolveCommit } = await import(new URL('gitsync/tree.js', dist).href);
    const paths = JSON.parse(pagesJson);
    const head = await resolveCommit(repo, 'HEAD');
    const parent = execFileSync('git', ['rev-parse', 'HEAD~1'], { cwd: repo, encoding: 'utf8' }).trim();
    let started = performance.now();
    const cold = await lastCommitDates({ repo, commit: head, paths });
    const ms = performance.now() - started;
    const rows = new Map();
    const cache = { get: (c) => rows.get(c), put: (c, d) => void rows.set(c, d), commits: () => [...rows.keys()] };
    await lastCommitDates({ repo, commit: parent, paths, cache });
    started = performance.now();
    const next = await lastCommitDates({ repo, commit: head, paths, cache });
    const incrementalMs = performance.now() - started;
    const inexact = [...cold.dates.values()].filter((d) => !d.exact).length;
    return { ms, commits: cold.commits, dated: cold.dates.size, inexact, incrementalMs, incrementalCommits: next.commits };
  },
};

function child(name, ...args) {
  const out = execFileSync(process.execPath, [SELF, '--child', name, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.toString());
}

if (process.argv[2] === '--child') {
  process.stdout.write(JSON.stringify(await CHILDREN[process.argv[3]](...process.argv.slice(4))));
} else {
  process.stderr.write(`git-dates bench: a ${COMMITS}-commit repository of ${PAGES} pages\n`);
  const { root, repo, pages } = makeRepository();
  const withWalk = [];
  const without = [];
  for (let round = 0; round < RUNS; round++) {
    process.stderr.write(`git-dates bench: round ${round + 1}/${RUNS}\n`);
    const order = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    for (const side of order) (side === 'on' ? withWalk : without).push(child('sync', repo, side));
  }
  const on = withWalk.map((r) => r.ms);
  const off = without.map((r) => r.ms);
  emit({ name: 'git_dates_sync_cold_ms', median: round(median(on)), runs: on.map((v) => round(v)), unit: 'ms', pages: withWalk[0].pages, commits: COMMITS });
  emit({
    name: 'git_dates_sync_cold_no_walk_ms',
    median: round(median(off)),
    runs: off.map((v) => round(v)),
    unit: 'ms',
    pages: without[0].pages,
    commits: COMMITS,
  });
  const paired = on.map((v, i) => (v / off[i] - 1) * 100);
  emit({
    name: 'git_dates_sync_overhead_percent',
    median: round((median(on) / median(off) - 1) * 100, 1),
    paired: round(median(paired), 1),
    runs: paired.map((v) => round(v, 1)),
    unit: '%',
    budget: 10,
  });
  // CPU time of the whole process (every thread): what the walk costs whatever the machine's other load.
  const [cpuOn, cpuOff] = [withWalk.map((r) => r.cpuMs), without.map((r) => r.cpuMs)];
  emit({
    name: 'git_dates_sync_cpu_overhead_percent',
    median: round((median(cpuOn) / median(cpuOff) - 1) * 100, 1),
    cpu_ms: round(median(cpuOn)),
    cpu_no_walk_ms: round(median(cpuOff)),
    unit: '%',
  });
  const walks = Array.from({ length: RUNS }, () => child('walk', repo, JSON.stringify(pages)));
  emit({
    name: 'git_dates_walk_ms',
    median: round(median(walks.map((w) => w.ms))),
    runs: walks.map((w) => round(w.ms)),
    unit: 'ms',
    commits: walks[0].commits,
    files: walks[0].dated,
    inexact: walks[0].inexact,
  });
  emit({
    name: 'git_dates_walk_incremental_ms',
    median: round(median(walks.map((w) => w.incrementalMs)), 1),
    runs: walks.map((w) => round(w.incrementalMs, 1)),
    unit: 'ms',
    commits: walks[0].incrementalCommits,
  });
  removeDir(root);
}
