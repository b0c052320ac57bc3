// Teams, member listings and URL resolvers at organization scale: 1,000 members, 100 teams (one of 500 members),
// 1,000 spaces with a team role on every tenth, and a published site over git-sync-normalization in three sections.
// Times each read over HTTP against an in-process server on a file store; every request carries a distinct dummy
// query parameter so the response cache never answers. One JSON line per figure. Runs from dist/ (build first);
// QUIRE_SRC=1 with `node --import tsx` runs it from src/.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emit, median, removeDir, round, serveDomain } from './lib.mjs';

const from = process.env.QUIRE_SRC ? '../src' : '../dist';
const { syncDirectory } = await import(`${from}/gitsync/import.js`);

const MEMBERS = 1000;
const TEAMS = 100;
const BIG_TEAM = 500;
const SPACES = 1000;
const WARMUP = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const CORPUS = fileURLToPath(new URL('../../shared/corpora/git-sync-normalization/', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'quire-bench-teams-'));
const { store, domain, boot, org, owner, app, url } = await serveDomain(join(dir, '.docs'), 'Bench');

try {
  const started = performance.now();
  const users = [];
  await store.tx(async () => {
    for (let i = 0; i < MEMBERS; i++) {
      const user = await domain.users.ensure(`member${i}@bench.local`, `Member ${i}`);
      await domain.organizations.ensureMember(org, user.id, 'read');
      users.push(user);
    }
  });
  const spaces = [];
  for (let i = 0; i < SPACES; i++) spaces.push((await domain.spaces.create(owner, org, { title: `Space ${i}` })).space);
  const teams = [];
  for (let t = 0; t < TEAMS; t++) {
    const size = t === 0 ? BIG_TEAM : 10;
    const members = Array.from({ length: size }, (_, k) => users[(t * 7 + k) % MEMBERS].id);
    teams.push((await domain.teams.create(owner, org, { title: `Team ${t}`, members })).team);
  }
  for (let i = 0; i < SPACES; i += 10) {
    await domain.permissions.invite(owner, { kind: 'space', id: spaces[i].id }, { role: 'edit', teams: [teams[(i / 10) % TEAMS].id] });
  }

  const corpus = (await domain.spaces.create(owner, org, { title: 'Corpus' })).space;
  const content = join(dir, 'content');
  cpSync(CORPUS, content, { recursive: true });
  await syncDirectory(domain, { dir: content, space: corpus.id, organizationId: org, caller: owner, parseWorkers: 0 });
  const pages = (await store.revisions.content((await domain.spaces.find(corpus.id)).revisionId)).pages;
  const page = pages.find((p) => p.kind === 'document' && p.path.includes('/'));
  const site = (await domain.sites.create(owner, org, { title: 'Bench site', spaces: [spaces[1].id] })).site;
  await domain.sites.sections.add(owner, org, site.id, { spaceId: spaces[2].id, title: 'Two' });
  await domain.sites.sections.add(owner, org, site.id, { spaceId: corpus.id, title: 'Corpus' });
  await domain.sites.publish(owner, org, site.id, true);
  const tree = await domain.sites.structure(owner, site.id);
  const corpusPath = tree.siteSpaces.find((n) => n.spaceId === corpus.id)?.urlPath ?? '';
  console.error(`seeded ${MEMBERS} members, ${TEAMS} teams, ${SPACES} spaces in ${round(performance.now() - started)} ms`);

  const member = users[7 * 3];
  const memberToken = (await domain.users.createToken(member.id, 'bench')).token;
  const get = async (path, token = boot.newAdminToken, n = 0) => {
    const res = await fetch(`${url}/v1${path}${path.includes('?') ? '&' : '?'}nocache=${n}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const publishedUrl = `${url}/${site.basename}/${[corpusPath, page.path].filter(Boolean).join('/')}`;
  const figures = {
    teams_list: [`/orgs/${org}/teams?limit=50`],
    team_members_list: [`/orgs/${org}/teams/${teams[0].id}/members?limit=50`],
    member_teams_list: [`/orgs/${org}/members/${member.id}/teams`],
    member_spaces_list: [`/orgs/${org}/members/${member.id}/spaces?limit=50`],
    team_granted_space_get: [`/spaces/${spaces[30].id}`, memberToken],
    content_by_url: [`/urls/content?url=${encodeURIComponent(`${url}/app/spaces/${corpus.id}/pages/${page.id}`)}`],
    content_by_gitbook_url: [`/urls/content?url=${encodeURIComponent(`${url}/app/o/${org}/s/${corpus.id}/${page.path}`)}`],
    published_by_url: [`/urls/published?url=${encodeURIComponent(publishedUrl)}`],
    subdomain_get: ['/subdomains/bench'],
  };
  for (const [name, [path, token]] of Object.entries(figures)) {
    const first = await get(path, token);
    for (let i = 0; i < WARMUP; i++) await get(path, token, -1 - i);
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await get(path, token, i);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    emit({
      name: `${name}_p50_ms`,
      median: round(median(times), 2),
      p99: round(times[Math.floor(times.length * 0.99)], 2),
      runs: RUNS,
      unit: 'ms',
      ...(Array.isArray(first.items) ? { items: first.items.length, count: first.count } : {}),
    });
  }
} finally {
  await app.close();
  await store.close();
  removeDir(dir);
}
