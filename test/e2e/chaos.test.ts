// Bounded chaos: hostile slugs and paths, back-to-back merges on a git-synced space served by `docs serve`, and
// `docs sync` / `docs build` in between, as a team would mix them. Afterwards: nothing written outside the repository,
// the store and the output folder, every page exactly once in the space and in git, a sound store, a live server.
import { GitBookAPI } from '@gitbook/api';
import { GitBookAPI as GitBookAPI202 } from '@gitbook/api-0.202';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { type Dirent, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { slugProblem } from '../../src/content/slug.js';
import { checkResponse } from '../helpers/contract.js';
import { docs, serve } from '../helpers/cli.js';

const TOKEN = 'chaos-admin-token';
const MARK = `quirechaos${process.pid}`;
const temps: string[] = [];
/** The repository, store and output folders of every run so far: where MARK may appear. */
const insides: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Slugs a hostile or careless client sends, each naming MARK so a file written from it can be found anywhere. */
const hostileSlug = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    `../${MARK}`,
    `../../../../../../../../../../../../tmp/${MARK}`,
    `%2e%2e/${MARK}`,
    `a/${MARK}`,
    `/${MARK}`,
    `..\\${MARK}`,
    `${MARK}\u0000x`,
    ' ',
    '',
  ),
  fc.string({ maxLength: 8 }).map((s) => `${MARK}${s}`),
  fc.constantFrom('guide', 'faq', 'ok-page', MARK),
);
/** What a repository may say that points outside it. */
const hostileGit = fc.record({
  summaryLink: fc.constantFrom(`../../../../../../${MARK}.md`, `../${MARK}/README.md`, `%2e%2e/${MARK}.md`, `/${MARK}.md`, null),
  redirect: fc.constantFrom(`../../../../../../../../../../tmp/${MARK}-r`, `/../../../${MARK}-r`, `%2e%2e/%2e%2e/${MARK}-r`, null),
});
const command = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('insert' as const), slug: hostileSlug }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sync' as const), git: hostileGit }) },
);
type GitMove = { summaryLink: string | null; redirect: string | null };

const SUMMARY = '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n';

function gitIn(dir: string) {
  return (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Chaos', '-c', 'user.email=chaos@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
      .toString()
      .trimEnd();
}

/** Every file or folder under `dir` (at most `depth` deep) whose name holds MARK. */
function marked(dir: string, depth: number, found: string[] = []): string[] {
  if (depth < 0) return found;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.name.includes(MARK)) found.push(path);
    if (entry.isDirectory() && !entry.isSymbolicLink()) marked(path, depth - 1, found);
  }
  return found;
}

class World {
  readonly jail = mkdtempSync(join(tmpdir(), 'quire-chaos-'));
  readonly project = join(this.jail, 'project');
  readonly repo = join(this.jail, 'repo');
  readonly out = join(this.jail, 'out');
  readonly git = gitIn(this.repo);
  /** Titles that must each be in the space and in git exactly once. */
  readonly expected = new Set(['Welcome', 'Guide']);
  server?: { url: string; child: ChildProcess };
  spaceId = '';
  private count = 0;
  /** Slugs taken at the root (the pages land there). */
  private readonly slugs = new Set(['guide']);

  constructor() {
    temps.push(this.jail);
    insides.push(this.project, this.repo, this.out);
    mkdirSync(this.project);
    mkdirSync(this.repo);
    writeFileSync(join(this.project, 'docs.config.yaml'), `spaces:\n  - title: Docs\n    directory: ${this.repo}\n`);
    this.git('init', '-q', '-b', 'main');
    writeFileSync(join(this.repo, 'README.md'), '# Welcome\n\nThe start.\n');
    writeFileSync(join(this.repo, 'guide.md'), '# Guide\n\nA guide.\n');
    writeFileSync(join(this.repo, 'SUMMARY.md'), SUMMARY);
    this.commit('initial');
  }

  commit(message: string): void {
    this.git('add', '-A');
    this.git('commit', '-q', '-m', message);
  }

  get api(): GitBookAPI {
    const checked = async (input: string | URL | Request, init?: RequestInit) => {
      const response = await fetch(input, { ...init, signal: AbortSignal.timeout(20_000) });
      const problems = checkResponse(init?.method ?? 'GET', response.url || String(input), response.status, await response.clone().text());
      if (problems.length) throw new Error(`response does not match the spec:\n${problems.join('\n')}`);
      return response;
    };
    return new GitBookAPI({ endpoint: this.server!.url, authToken: TOKEN, serviceBinding: { fetch: checked as typeof fetch } });
  }

  get newer(): GitBookAPI202 {
    const bounded = (input: string | URL | Request, init?: RequestInit) => fetch(input, { ...init, signal: AbortSignal.timeout(20_000) });
    return new GitBookAPI202({ endpoint: this.server!.url, authToken: TOKEN, serviceBinding: { fetch: bounded as typeof fetch } });
  }

  async start(): Promise<void> {
    this.server = await serve(this.project, { DOCS_TOKEN: TOKEN });
    if (!this.spaceId) {
      const { data: orgs } = await this.api.orgs.listOrganizationsForAuthenticatedUser();
      const { data: spaces } = await this.api.orgs.listSpacesInOrganizationById(orgs.items[0]!.id);
      this.spaceId = spaces.items.find((s) => s.title === 'Docs')!.id;
    }
  }

  async stop(): Promise<void> {
    const child = this.server!.child;
    this.server = undefined;
    if (child.exitCode !== null) throw new Error(`docs serve died (exit ${child.exitCode})`);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  /** A page inserted through a change request, then merged at once: a hostile slug is refused with a 400. */
  async insert(slug: string): Promise<void> {
    const title = `Page ${++this.count}`;
    const { data: cr } = await this.api.spaces.createChangeRequest(this.spaceId, { subject: title });
    const write = this.newer.spaces.updateChangeRequestContent(this.spaceId, cr.id, {
      changes: [{ operation: 'insert_page', title, slug, document: { markdown: `Text of ${title}.\n` } }],
    } as never);
    const status = await write.then(
      (r) => r.status,
      (error: { code?: number }) => error.code ?? 0,
    );
    // A fresh title's slug is free among its siblings: valid slugs are taken, every other one is refused.
    expect(status, `insert_page with slug ${JSON.stringify(slug)}`).toBe(slugProblem(slug) === null && !this.slugs.has(slug) ? 200 : 400);
    if (status !== 200) return;
    this.slugs.add(slug);
    const { data: merged } = await this.api.spaces.mergeChangeRequest(this.spaceId, cr.id);
    expect(merged.result).toBe('merge');
    this.expected.add(title);
  }

  /** The server stops, git moves (with hostile links and redirects), `docs sync` and `docs build` run, the server starts. */
  async sync(git: GitMove): Promise<void> {
    await this.settle();
    await this.stop();
    this.git('reset', '-q', '--hard', 'main');
    const title = `Git ${++this.count}`;
    const file = `git-${this.count}.md`;
    writeFileSync(join(this.repo, file), `# ${title}\n\nWritten in git.\n`);
    const summary = this.git('show', 'main:SUMMARY.md');
    const extra = git.summaryLink ? `* [Outside](${git.summaryLink})\n` : '';
    writeFileSync(join(this.repo, 'SUMMARY.md'), `${summary.trimEnd()}\n* [${title}](${file})\n${extra}`);
    if (git.redirect) writeFileSync(join(this.repo, '.gitbook.yaml'), `redirects:\n  ${JSON.stringify(git.redirect)}: README.md\n`);
    this.commit(title);
    this.expected.add(title);
    for (const args of [['sync'], ['build', '--space', 'Docs', '--out', this.out, '--no-strict-links']]) {
      const result = await docs(this.project, ...args);
      expect(result.stderr, `docs ${args[0]}`).not.toMatch(/\n\s+at |TypeError|RangeError/);
      expect(result.code, `docs ${args.join(' ')}: ${result.stderr}`).toBe(0);
    }
    await this.start();
  }

  /** Waits until the merges have reached git: every expected title in a file of main's tree, and main still. */
  async settle(): Promise<void> {
    let last = '';
    await waitFor(
      () => {
        const head = this.git('rev-parse', 'main');
        const settled = head === last && this.missingInGit().length === 0;
        last = head;
        return settled;
      },
      { timeout: 60_000, interval: 250, message: () => `the merges to reach git: missing ${this.missingInGit().join(', ')}` },
    );
  }

  /** How many markdown files of main's tree have `# <title>` as their heading, by title. */
  gitTitles(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const path of this.git('ls-tree', '-r', '--name-only', 'main').split('\n')) {
      if (!path.endsWith('.md') || path === 'SUMMARY.md') continue;
      const heading = /^# (.+)$/m.exec(this.git('show', `main:${path}`))?.[1];
      if (heading) counts.set(heading, (counts.get(heading) ?? 0) + 1);
    }
    return counts;
  }

  missingInGit(): string[] {
    const titles = this.gitTitles();
    return [...this.expected].filter((t) => !titles.has(t));
  }

  async check(): Promise<void> {
    expect((await this.api.orgs.listOrganizationsForAuthenticatedUser()).status).toBe(200);
    await this.settle();
    const { data } = await this.api.spaces.listPages(this.spaceId);
    const titles: string[] = [];
    const walk = (pages: { title: string; pages?: unknown[] }[]) => pages.forEach((p) => (titles.push(p.title), walk((p.pages ?? []) as never)));
    walk(data.pages as never);
    const once = (list: string[]) => [...this.expected].filter((t) => list.filter((x) => x === t).length !== 1);
    expect(once(titles), `pages not exactly once in the space: ${titles.join(', ')}`).toEqual([]);
    const inGit = this.gitTitles();
    expect(
      [...this.expected].filter((t) => inGit.get(t) !== 1),
      `pages not exactly once in git: ${[...inGit].join(', ')}`,
    ).toEqual([]);
    const outside = [...marked(this.jail, 12), ...marked(tmpdir(), 8), ...marked('/tmp', 8), ...marked('/', 0)].filter(
      (path) => !insides.some((inside) => !relative(inside, path).startsWith('..')),
    );
    expect(outside, 'files written outside the repository, the store and the output').toEqual([]);
    // Whatever its name: the jail holds the three folders and nothing else (a `..` page would write `<out>/../index.html`).
    expect(readdirSync(this.jail).sort(), 'entries beside the repository, the store and the output').toEqual(
      ['out', 'project', 'repo'].filter((n) => n !== 'out' || existsSync(this.out)),
    );
    await this.stop();
    for (const name of readdirSync(join(this.project, '.docs')).filter((n) => n.endsWith('.db'))) {
      const db = new Database(join(this.project, '.docs', name), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true }), name).toBe('ok');
      db.close();
    }
  }
}

describe('chaos: hostile slugs and paths, merges on a git-synced space, syncs and builds', () => {
  it('leaves every page exactly once, nothing outside its folders, a sound store and a live server', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 8 }), async (commands) => {
        const world = new World();
        expect((await docs(world.project, 'sync')).code).toBe(0);
        await world.start();
        try {
          for (const c of commands) {
            if (c.kind === 'insert') await world.insert(c.slug);
            else await world.sync(c.git);
          }
          await world.check();
        } finally {
          if (world.server) await world.stop();
          expect(existsSync(`/tmp/${MARK}`)).toBe(false);
        }
      }),
      { seed: 1807, numRuns: 5, endOnFailure: true },
    );
  }, 300_000);
});
