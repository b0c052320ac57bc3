// Budget: listCommentsInSpace with 10,000 comments, any filter, one page of 50: p50 <= 5 ms.
// Seeds a space holding git-sync-normalization with 10,000 comments (8 authors, every page targeted, 30% resolved,
// 1,000 replies, 2,000 reactions) through the domain, then times GET /v1/spaces/{id}/comments over HTTP against an
// in-process server on a file store. One JSON line per filter. Runs from dist/ (build first); QUIRE_SRC=1 with
// `node --import tsx` runs it from src/.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emit, median, removeDir, round, serveDomain } from './lib.mjs';

const from = process.env.QUIRE_SRC ? '../src' : '../dist';
const { syncDirectory } = await import(`${from}/gitsync/import.js`);

const COMMENTS = 10_000;
const AUTHORS = 8;
const WARMUP = 30;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const BUDGET_MS = 5;
const CORPUS = fileURLToPath(new URL('../../shared/corpora/git-sync-normalization/', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'quire-bench-comments-'));
const { store, domain, boot, org, owner, app, url } = await serveDomain(join(dir, '.docs'), 'Bench');

try {
  const started = performance.now();
  const space = (await domain.spaces.create(owner, org, { title: 'Comments' })).space;
  const content = join(dir, 'content');
  cpSync(CORPUS, content, { recursive: true });
  await syncDirectory(domain, { dir: content, space: space.id, organizationId: org, caller: owner, parseWorkers: 0 });
  const pages = (await store.revisions.content((await domain.spaces.find(space.id)).revisionId)).pages.map((p) => p.id);

  const authors = [owner];
  for (let i = 1; i < AUTHORS; i++) {
    const user = await domain.users.ensure(`author${i}@bench.local`, `Author ${i}`);
    await domain.organizations.ensureMember(org, user.id, 'comment');
    authors.push(await domain.users.authenticate((await domain.users.createToken(user.id, 'bench')).token));
  }
  const ref = { spaceId: space.id };
  const ids = [];
  for (let i = 0; i < COMMENTS; i++) {
    const caller = authors[i % AUTHORS];
    const body = { markdown: `Comment ${i}: is **this** paragraph right? See [the docs](https://example.com/${i}).\n\n- one\n- two\n` };
    ids.push((await domain.comments.post(caller, ref, { body, ...(i % 5 ? { page: pages[i % pages.length] } : {}) })).comment.id);
  }
  for (let i = 0; i < COMMENTS; i++) if (i % 10 < 3) await domain.comments.update(owner, ref, ids[i], { resolved: true });
  for (let i = 0; i < 1000; i++)
    await domain.comments.postReply(authors[(i + 1) % AUTHORS], ref, ids[(i * 7) % COMMENTS], { body: { markdown: `Reply ${i}` } });
  for (let i = 0; i < 2000; i++)
    await domain.comments.update(authors[i % AUTHORS], ref, ids[(i * 13) % COMMENTS], { addedReactions: [['👍', '🎉', '❤️'][i % 3]] });
  console.error(`seeded ${COMMENTS} comments in ${round(performance.now() - started)} ms`);

  const base = `${url}/v1/spaces/${space.id}/comments`;
  const headers = { authorization: `Bearer ${boot.newAdminToken}` };
  const get = async (query) => {
    const res = await fetch(`${base}?${query}`, { headers });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${query}: HTTP ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const second = (await get('limit=50')).next.page;
  const filters = {
    none: 'limit=50',
    order_asc: 'limit=50&order=asc',
    status_open: 'limit=50&status=open',
    status_resolved: 'limit=50&status=resolved',
    target_page: `limit=50&targetPage=${pages[3]}`,
    author_one: `limit=50&authors=${authors[2].user.id}`,
    authors_three: `limit=50&${[1, 4, 6].map((i) => `authors=${authors[i].user.id}`).join('&')}`,
    all_filters: `limit=50&status=open&targetPage=${pages[3]}&authors=${authors[3].user.id}`,
    second_page: `limit=50&page=${second}`,
    format_document: 'limit=50&format=document',
  };
  for (const [name, query] of Object.entries(filters)) {
    const first = await get(query);
    for (let i = 0; i < WARMUP; i++) await get(query);
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await get(query);
      times.push(performance.now() - t0);
    }
    const p50 = median(times);
    times.sort((a, b) => a - b);
    emit({
      name: `comments_list_${name}_p50_ms`,
      median: round(p50, 2),
      p99: round(times[Math.floor(times.length * 0.99)], 2),
      runs: RUNS,
      unit: 'ms',
      items: first.items.length,
      count: first.count,
      budget: BUDGET_MS,
      ok: p50 <= BUDGET_MS,
    });
  }
} finally {
  await app.close();
  await store.close();
  removeDir(dir);
}
