// Side by side with VitePress and HonKit on the same generated plain-markdown corpus (issue 6), in one run.
// Every tool runs as its own process tree through its real CLI; wall time and peak RSS are measured the same way for
// all of them. Run `npm run build` first. Slow (about 5 minutes on 2 cores, more the first time: npm installs the
// tools into a scratch folder under the OS temp dir, cached between runs by version). Not a project dependency.
//
// Usage: node bench/compare.mjs [--pages 1000] [--page-size-pages 300] [--honkit-pages 200] [--honkit-timeout 300]
//          [--honkit-full] [--honkit-full-timeout 600] [--no-honkit] [--vitepress-timeout 900]
//          [--vitepress-search none|local] [--vitepress-sidebar summary|none] [--no-snapshot] [--vitepress-version 1.6.4] [--honkit-version 6.1.7] [--keep]
// Prints one JSON line per figure on stdout; progress on stderr.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, cpSync, mkdtempSync, readdirSync, symlinkSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, makeProject, removeDir, round } from './lib.mjs';

const { values: opt } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    'page-size-pages': { type: 'string', default: '300' },
    'honkit-pages': { type: 'string', default: '200' },
    'honkit-timeout': { type: 'string', default: '300' },
    'honkit-full': { type: 'boolean', default: false },
    'honkit-full-timeout': { type: 'string', default: '600' },
    'no-honkit': { type: 'boolean', default: false },
    'vitepress-timeout': { type: 'string', default: '900' },
    'vitepress-search': { type: 'string', default: 'none' },
    // `none` is VitePress's fastest setting (issue 23's budget: Quire >= 8x faster); `summary` has Quire's sidebar.
    'vitepress-sidebar': { type: 'string', default: 'summary' },
    'no-snapshot': { type: 'boolean', default: false },
    'vitepress-version': { type: 'string', default: '1.6.4' },
    'honkit-version': { type: 'string', default: '6.1.7' },
    keep: { type: 'boolean', default: false },
  },
});
const PAGES = Number(opt.pages);
const log = (message) => process.stderr.write(`[compare] ${message}\n`);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
const mb = (kb) => round(kb / 1024);

// ---- measuring a process tree ------------------------------------------------------------------------------------

const GNU_TIME = existsSync('/usr/bin/time') && spawnSync('/usr/bin/time', ['-v', 'true']).status === 0 ? '/usr/bin/time' : null;
const PROC = existsSync('/proc/self/status');

function childrenOf(pid) {
  const kids = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      if (text) kids.push(...text.split(' ').map(Number));
    }
  } catch {
    // gone, or no `children` file (CONFIG_PROC_CHILDREN off): fall back to scanning every /proc/<pid>/stat
    return scanChildren(pid);
  }
  return kids;
}
function scanChildren(pid) {
  const kids = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) kids.push(Number(name));
    } catch {}
  }
  return kids;
}
function treeOf(root) {
  const seen = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop();
    seen.push(pid);
    queue.push(...childrenOf(pid));
  }
  return seen;
}
const statusKb = (text, key) => Number(text.match(new RegExp(`${key}:\\s+(\\d+) kB`))?.[1] ?? 0);

/**
 * Runs `command args` as a process group and resolves { ms, peakRssMb, ... }. Peak RSS: the largest of the sampled
 * sum of VmRSS over the whole process tree (every 50 ms) and of the largest single process's high-water mark
 * (GNU time's "Maximum resident set size", which covers waited-for descendants, else VmHWM polled from /proc).
 */
function measure(command, args, { cwd, timeoutMs = 0, env = {} } = {}) {
  return new Promise((done) => {
    const argv = GNU_TIME ? [GNU_TIME, ['-v', command, ...args]] : [command, args];
    const loadBefore = load()[0];
    const started = performance.now();
    const child = spawn(argv[0], argv[1], { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out = (out + chunk).slice(-4000)));
    child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-8000)));
    let treeKb = 0;
    const hwm = new Map();
    const poll = () => {
      if (!PROC) return;
      let sum = 0;
      for (const pid of treeOf(child.pid)) {
        try {
          const text = readFileSync(`/proc/${pid}/status`, 'utf8');
          sum += statusKb(text, 'VmRSS');
          hwm.set(pid, Math.max(hwm.get(pid) ?? 0, statusKb(text, 'VmHWM')));
        } catch {}
      }
      treeKb = Math.max(treeKb, sum);
    };
    const poller = setInterval(poll, 50);
    let timedOut = false;
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {}
        }, timeoutMs)
      : null;
    child.on('close', (code, signal) => {
      const ms = performance.now() - started;
      clearInterval(poller);
      if (timer) clearTimeout(timer);
      const timeKb = Number(err.match(/Maximum resident set size \(kbytes\): (\d+)/)?.[1] ?? 0);
      const singleKb = Math.max(timeKb, ...hwm.values(), 0);
      const exit = GNU_TIME ? Number(err.match(/Exit status: (\d+)/)?.[1] ?? code) : code;
      done({
        ms,
        peakRssMb: mb(Math.max(treeKb, singleKb)),
        treeRssMb: mb(treeKb),
        largestProcessRssMb: mb(singleKb),
        processes: hwm.size,
        code: signal ? signal : exit,
        ok: !timedOut && !signal && exit === 0,
        timedOut,
        load: [loadBefore, load()[0]],
        out,
        err: err.replace(/\n\s*Command being timed:[\s\S]*$/, ''),
      });
    });
  });
}

function check(step, result) {
  if (!result.ok) {
    log(`${step} failed (${result.timedOut ? 'timed out' : `exit ${result.code}`}):\n${result.out.slice(-1500)}\n${result.err.slice(-1500)}`);
  }
  return result;
}

// ---- tools in a cached scratch folder -----------------------------------------------------------------------------

function install(name, version) {
  const dir = join(tmpdir(), 'quire-bench-tools', `${name}@${version}`);
  const marker = join(dir, '.installed');
  if (!existsSync(marker)) {
    log(`installing ${name}@${version} into ${dir}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', `${name}@${version}`], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (npm.status !== 0) throw new Error(`npm install ${name}@${version} failed`);
    writeFileSync(marker, `${new Date().toISOString()}\n`);
  }
  const pkgDir = join(dir, 'node_modules', name);
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin[name];
  return { bin: join(pkgDir, bin), version: pkg.version, modules: join(dir, 'node_modules') };
}

// ---- the corpus, as each tool wants it ---------------------------------------------------------------------------

/** SUMMARY.md -> VitePress sidebar: one group per `## Group`, nested entries as items of their parent. */
function vitepressSidebar(corpus) {
  const groups = [{ text: 'Introduction', items: [] }];
  for (const line of readFileSync(join(corpus, 'SUMMARY.md'), 'utf8').split('\n')) {
    const heading = line.match(/^## (.+)/);
    if (heading) groups.push({ text: heading[1], collapsed: false, items: [] });
    const entry = line.match(/^( *)\* \[(.+)\]\((.+)\.md\)/);
    if (!entry) continue;
    const item = { text: entry[2], link: `/${entry[3]}` };
    const items = groups.at(-1).items;
    if (entry[1].length) (items.at(-1).items ??= []).push(item);
    else items.push(item);
  }
  return groups;
}

function writeVitepressRoot(root, corpus, out) {
  const config = {
    title: 'Bench',
    srcDir: corpus,
    outDir: out,
    cacheDir: join(root, '.vitepress', 'cache'),
    srcExclude: ['SUMMARY.md'],
    ignoreDeadLinks: true,
    themeConfig: {
      ...(opt['vitepress-sidebar'] === 'none' ? {} : { sidebar: vitepressSidebar(corpus) }),
      ...(opt['vitepress-search'] === 'local' ? { search: { provider: 'local' } } : {}),
    },
  };
  mkdirSync(join(root, '.vitepress'), { recursive: true });
  writeFileSync(join(root, '.vitepress', 'config.mjs'), `export default ${JSON.stringify(config, null, 1)};\n`);
}

// ---- Quire through its CLI ---------------------------------------------------------------------------------------

const projects = [];
const newProject = () => {
  const dir = makeProject();
  projects.push(dir);
  return dir;
};

async function quire(project, corpus, out) {
  const sync = check('docs sync', await measure(process.execPath, [DOCS_BIN, 'sync', corpus, '--space', 'Bench'], { cwd: project }));
  const build = check(
    'docs build',
    await measure(process.execPath, [DOCS_BIN, 'build', '--space', 'Bench', '--out', out, '--no-strict-links', '--json'], { cwd: project }),
  );
  let report = {};
  try {
    report = JSON.parse(build.out.trim().split('\n').at(-1));
  } catch {}
  return { sync, build, ms: sync.ms + build.ms, peakRssMb: Math.max(sync.peakRssMb, build.peakRssMb), report, ok: sync.ok && build.ok };
}

// ---- page weight -------------------------------------------------------------------------------------------------

function htmlPages(out) {
  const pages = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('_')) walk(path);
      } else if (entry.name.endsWith('.html') && entry.name !== '404.html') pages.push({ path, bytes: statSync(path).size });
    }
  };
  walk(out);
  return pages.sort((a, b) => a.bytes - b.bytes);
}

/** The JavaScript a page loads up front (script src, module preloads, inline scripts) and what it may fetch later
 * (the .js/.json named by the script's data- attributes: search index, search library, mermaid...). */
function pageWeight(out, page) {
  const html = readFileSync(page, 'utf8');
  const file = (ref) => {
    const path = ref.split(/[?#]/)[0];
    const target = path.startsWith('/') ? join(out, path) : resolve(dirname(page), path);
    return existsSync(target) ? target : null;
  };
  const scripts = [];
  let inlineBytes = 0;
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attrs.match(/\bsrc="([^"]+)"/)?.[1];
    if (src) {
      const target = file(src);
      scripts.push({ src, bytes: target ? statSync(target).size : null, gzip: target ? gzipSync(readFileSync(target)).length : null });
    } else if (!/type="application\/(ld\+)?json"/.test(attrs)) inlineBytes += Buffer.byteLength(body);
    for (const [, attr, ref] of attrs.matchAll(/\bdata-([a-z-]+)="([^"]+\.(?:m?js|json)(?:\?[^"]*)?)"/g)) {
      const target = file(ref);
      (scripts.lazy ??= []).push({
        attr: `data-${attr}`,
        ref,
        bytes: target ? statSync(target).size : null,
        gzip: target ? gzipSync(readFileSync(target)).length : null,
      });
    }
  }
  for (const [, href] of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/gi)) {
    const target = file(href);
    scripts.push({ src: href, preload: true, bytes: target ? statSync(target).size : null });
  }
  const jsBytes = scripts.reduce((sum, s) => sum + (s.bytes ?? 0), 0) + inlineBytes;
  const sidebarLinks = (html.match(/<nav[^>]*sidebar[\s\S]*?<\/nav>/i)?.[0].match(/<a\b/g) ?? []).length;
  return {
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzipSync(html).length,
    jsBytes,
    inlineBytes,
    scripts: scripts.map(({ src, bytes, gzip }) => ({ src, bytes, gzip })),
    lazy: scripts.lazy ?? [],
    sidebarLinks,
  };
}

// ---- the run -----------------------------------------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'quire-bench-compare-'));
const startLoad = load();
log(`work dir ${work}; load ${startLoad.join(' ')}; measuring with ${GNU_TIME ? 'GNU time -v + ' : ''}${PROC ? '/proc polling' : 'no /proc'}`);

// Quire runs from a snapshot of bin/, dist/ and templates/ taken now, so that a concurrent `npm run build` or template
// edit cannot break a run or invalidate the page cache between the cold build and the one-page rebuild.
const repo = fileURLToPath(new URL('..', import.meta.url));
let DOCS_BIN = join(repo, 'bin', 'docs.js');
if (!opt['no-snapshot']) {
  const snap = join(work, 'quire');
  for (const dir of ['bin', 'dist', 'templates']) cpSync(join(repo, dir), join(snap, dir), { recursive: true });
  cpSync(join(repo, 'package.json'), join(snap, 'package.json'));
  symlinkSync(join(repo, 'node_modules'), join(snap, 'node_modules'), 'dir');
  DOCS_BIN = join(snap, 'bin', 'docs.js');
}
if (spawnSync(process.execPath, [DOCS_BIN, '--version']).status !== 0) throw new Error(`${DOCS_BIN} --version fails: run \`npm run build\``);

const corpus = join(work, 'corpus');
generateCorpus(corpus, PAGES, { plain: true });
// The page to edit: the middle entry of SUMMARY.md that is a leaf page (group-10/page-475.md at 1,000 pages).
const leaves = [...readFileSync(join(corpus, 'SUMMARY.md'), 'utf8').matchAll(/\]\(([^)]+\.md)\)/g)].map((m) => m[1]).filter((p) => !p.endsWith('README.md'));
const editPage = join(corpus, leaves[Math.floor(leaves.length * 0.475)]);
const vitepress = install('vitepress', opt['vitepress-version']);
// VitePress compiles the pages as Vue modules that import `vue`: resolve it from the corpus's parent folder.
symlinkSync(vitepress.modules, join(work, 'node_modules'), 'dir');
const honkit = opt['no-honkit'] ? null : install('honkit', opt['honkit-version']);
const common = (name, fields) => emit({ name, ...fields, load: load() });
const figure = (name, value, unit, budget, extra = {}) => {
  const within = budget === undefined ? undefined : budget.max !== undefined ? value <= budget.max : value >= budget.min;
  common(name, {
    value,
    unit,
    ...(budget ? { budget: budget.max !== undefined ? `<= ${budget.max}` : `>= ${budget.min}` } : {}),
    ...(within === undefined ? {} : { within_budget: within }),
    ...extra,
  });
};

// Quire cold: sync + build in a fresh project.
log(`quire cold sync + build, ${PAGES} pages`);
const project = newProject();
const quireOut = join(work, 'quire-site');
const qCold = await quire(project, corpus, quireOut);

// VitePress cold: no cache, no output.
log(`vitepress ${vitepress.version} cold build, ${PAGES} pages (search: ${opt['vitepress-search']})`);
const vpRoot = join(work, 'vitepress');
const vpOut = join(work, 'vitepress-site');
writeVitepressRoot(vpRoot, corpus, vpOut);
const vpTimeout = Number(opt['vitepress-timeout']) * 1000;
const vpCold = check('vitepress build', await measure(process.execPath, [vitepress.bin, 'build', vpRoot], { cwd: vpRoot, timeoutMs: vpTimeout }));

// One page edited: Quire re-syncs and rebuilds incrementally; VitePress has no incremental build, so a full build.
appendFileSync(editPage, '\nOne more sentence for the rebuild.\n');
log('quire one-page sync + rebuild');
const qOne = await quire(project, corpus, quireOut);
log('vitepress rebuild after the edit');
const vpRe = check('vitepress rebuild', await measure(process.execPath, [vitepress.bin, 'build', vpRoot], { cwd: vpRoot, timeoutMs: vpTimeout }));

const qFields = (run) => ({
  load_1m: [run.sync.load[0], run.build.load[1]],
  sync_ms: round(run.sync.ms),
  build_ms: round(run.build.ms),
  sync_rss_mb: run.sync.peakRssMb,
  build_rss_mb: run.build.peakRssMb,
  ok: run.ok,
});
figure('compare_quire_cold_ms', round(qCold.ms), 'ms', undefined, { pages: PAGES, ...qFields(qCold), rendered: qCold.report.rendered });
figure('compare_quire_cold_peak_rss_mb', qCold.peakRssMb, 'MB', undefined, {
  pages: PAGES,
  tree_mb: Math.max(qCold.sync.treeRssMb, qCold.build.treeRssMb),
  processes: Math.max(qCold.sync.processes, qCold.build.processes),
});
figure('compare_vitepress_cold_ms', round(vpCold.ms), 'ms', undefined, {
  pages: PAGES,
  version: vitepress.version,
  search: opt['vitepress-search'],
  sidebar: opt['vitepress-sidebar'],
  ok: vpCold.ok,
  load_1m: vpCold.load,
  reference_ms: 16600,
});
figure('compare_vitepress_cold_peak_rss_mb', vpCold.peakRssMb, 'MB', undefined, {
  tree_mb: vpCold.treeRssMb,
  largest_process_mb: vpCold.largestProcessRssMb,
  processes: vpCold.processes,
  reference_mb: 915,
});
figure('compare_quire_one_page_ms', round(qOne.ms), 'ms', undefined, { ...qFields(qOne), rendered: qOne.report.rendered });
figure('compare_vitepress_rebuild_ms', round(vpRe.ms), 'ms', undefined, { ok: vpRe.ok, peak_rss_mb: vpRe.peakRssMb, load_1m: vpRe.load });
if (qCold.ok && vpCold.ok) {
  figure(
    'compare_cold_speedup_vs_vitepress',
    round(vpCold.ms / qCold.ms, 2),
    'x',
    { min: opt['vitepress-sidebar'] === 'none' ? 8 : 3 },
    {
      quire_ms: round(qCold.ms),
      vitepress_ms: round(vpCold.ms),
      vitepress_sidebar: opt['vitepress-sidebar'],
    },
  );
  figure(
    'compare_cold_memory_vs_vitepress',
    round(qCold.peakRssMb / vpCold.peakRssMb, 2),
    'ratio',
    { max: 0.5 },
    { quire_mb: qCold.peakRssMb, vitepress_mb: vpCold.peakRssMb },
  );
}
if (qOne.ok && vpRe.ok) {
  figure(
    'compare_rebuild_speedup_vs_vitepress',
    round(vpRe.ms / qOne.ms, 1),
    'x',
    { min: 30 },
    {
      quire_ms: round(qOne.ms),
      quire_build_only_ms: round(qOne.build.ms),
      build_only_speedup: round(vpRe.ms / qOne.build.ms, 1),
      vitepress_ms: round(vpRe.ms),
    },
  );
}

// HonKit: a subset by default (it is very slow), the full corpus with --honkit-full.
if (honkit) {
  const runs = [Number(opt['honkit-pages'])];
  if (opt['honkit-full'] && PAGES !== runs[0]) runs.push(PAGES);
  for (const pages of runs) {
    const timeout = Number(pages === PAGES && opt['honkit-full'] ? opt['honkit-full-timeout'] : opt['honkit-timeout']) * 1000;
    let dir = corpus;
    let q = qCold;
    if (pages !== PAGES) {
      dir = join(work, `corpus-${pages}`);
      generateCorpus(dir, pages, { plain: true });
      log(`quire cold sync + build, ${pages} pages (for HonKit)`);
      q = await quire(newProject(), dir, join(work, `quire-site-${pages}`));
    }
    log(`honkit ${honkit.version} build, ${pages} pages (timeout ${timeout / 1000} s)`);
    const hk = check(
      'honkit build',
      await measure(process.execPath, [honkit.bin, 'build', dir, join(work, `honkit-site-${pages}`)], { cwd: dir, timeoutMs: timeout }),
    );
    figure(`compare_honkit_${pages}_ms`, round(hk.ms), 'ms', undefined, {
      pages,
      version: honkit.version,
      finished: hk.ok,
      timed_out: hk.timedOut,
      timeout_s: timeout / 1000,
      peak_rss_mb: hk.peakRssMb,
      load_1m: hk.load,
      quire_cold_ms: round(q.ms),
      quire_peak_rss_mb: q.peakRssMb,
      speedup: hk.ok && q.ok ? round(hk.ms / q.ms, 1) : null,
      reference: '33 s for 200 pages; 1,000 pages did not finish in 25 min',
    });
  }
}

// Page weight: a site whose sidebar has >= 300 entries; the typical page is the median-sized one.
const sizePages = Number(opt['page-size-pages']);
let sizeOut = quireOut;
if (sizePages !== PAGES) {
  const dir = join(work, `corpus-${sizePages}`);
  if (!existsSync(dir)) generateCorpus(dir, sizePages, { plain: true });
  log(`quire build of ${sizePages} pages for the page weight`);
  sizeOut = join(work, `quire-site-${sizePages}`);
  if (!existsSync(sizeOut)) check('quire page-size build', (await quire(newProject(), dir, sizeOut)).build);
}
for (const [pages, out, budgeted] of [
  [sizePages, sizeOut, true],
  [PAGES, quireOut, false],
]) {
  if (!budgeted && out === sizeOut) continue;
  const all = htmlPages(out);
  if (!all.length) continue;
  const typical = all[all.length >> 1];
  const w = pageWeight(out, typical.path);
  const suffix = budgeted ? '' : `_${pages}_pages`;
  const extra = { pages, page: relative(out, typical.path), sidebar_links: w.sidebarLinks, largest_page_bytes: all.at(-1).bytes };
  figure(`page_html_bytes${suffix}`, w.htmlBytes, 'bytes', budgeted ? { max: 80 * 1024 } : undefined, { ...extra, gzip: w.htmlGzip });
  figure(`page_js_bytes${suffix}`, w.jsBytes, 'bytes', budgeted ? { max: 50 * 1024 } : undefined, {
    ...extra,
    scripts: w.scripts,
    inline_bytes: w.inlineBytes,
    lazy: w.lazy,
    lazy_on_search_bytes: w.lazy.filter((l) => /search/.test(l.attr)).reduce((sum, l) => sum + (l.bytes ?? 0), 0),
  });
}

log(`done; load ${load().join(' ')}`);
if (!opt.keep) {
  removeDir(work);
  for (const dir of projects) removeDir(dir);
} else log(`kept ${work} and the projects ${projects.join(' ')}`);
