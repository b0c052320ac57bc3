// The published-site cache of `docs serve`: one build at a time per view's folder, one build shared by the visitors of
// a view, and a bounded number of views kept (the least recently shown one's folder removed).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncDirectory } from '../../src/gitsync/import.js';
import type { SiteRecord } from '../../src/model/index.js';
import { SitePublisher } from '../../src/site/publisher.js';
import { useServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait-for.js';
import { markdownSpace, tempDir } from './helpers.js';

const s = useServer();
let site: SiteRecord;

beforeAll(async () => {
  const api = s.client().orgs;
  const dir = markdownSpace({ 'README.md': '# Home\n\nWelcome.\n', 'guide.md': '# Guide\n\nSteps.\n' });
  const { data: space } = await api.createSpace(s.org, { title: 'Views' });
  const caller = (await s.domain.users.authenticate(s.ownerToken))!;
  await syncDirectory(s.domain, { dir, space: space.id, organizationId: s.org, caller, parseWorkers: 0 });
  const created = (await api.createSite(s.org, { title: 'Views', spaces: [space.id] })).data;
  // With adaptive content, each distinct set of visitor claims is a view of its own.
  await api.updateSiteById(s.org, created.id, { adaptiveContent: { enabled: true } } as never);
  await api.publishSite(s.org, created.id);
  site = (await s.domain.sites.structure(null, created.id)).site;
}, 60_000);

/** A publisher whose builds are counted, with the most that ran at once in one folder. */
function countedPublisher(viewsKept: number, evictedKeptMs = 0) {
  const publisher = new SitePublisher(s.domain, tempDir('published'), { viewsKept, evictedKeptMs });
  const counts = { builds: 0, mostAtOnce: 0 };
  const running = new Map<string, number>();
  const inner = publisher as unknown as { build: (...args: unknown[]) => Promise<void> };
  const build = inner.build.bind(publisher);
  inner.build = async (...args: unknown[]) => {
    const dir = args[3] as string;
    counts.builds++;
    running.set(dir, (running.get(dir) ?? 0) + 1);
    counts.mostAtOnce = Math.max(counts.mostAtOnce, running.get(dir)!);
    try {
      await build(...args);
    } finally {
      running.set(dir, running.get(dir)! - 1);
    }
  };
  return { publisher, counts };
}

describe('the published-site cache', () => {
  it('shares one build among the visitors of a view, and builds again only when the site moves on', async () => {
    const { publisher, counts } = countedPublisher(8);
    const dirs = await Promise.all(Array.from({ length: 5 }, () => publisher.directory(site, { plan: 'pro' })));
    expect(new Set(dirs).size).toBe(1);
    expect(existsSync(join(dirs[0]!, 'index.html'))).toBe(true);
    expect(counts.builds).toBe(1);
    await publisher.directory(site, { plan: 'pro' });
    expect(counts.builds).toBe(1);

    await s.client().orgs.updateSiteById(s.org, site.id, { title: 'Views, renamed' });
    site = (await s.domain.sites.structure(null, site.id)).site;
    await Promise.all([publisher.directory(site, { plan: 'pro' }), publisher.directory(site, { plan: 'pro' })]);
    expect(counts.builds).toBe(2);
    expect(counts.mostAtOnce).toBe(1);
  });

  it('never runs two builds in one folder, even for visitors who see different stamps', async () => {
    const { publisher, counts } = countedPublisher(8);
    const first = publisher.directory(site, { plan: 'team' });
    await s.client().orgs.updateSiteById(s.org, site.id, { title: 'Views, again' });
    const newer = (await s.domain.sites.structure(null, site.id)).site;
    await Promise.all([first, publisher.directory(newer, { plan: 'team' }), publisher.directory(newer, { plan: 'team' })]);
    expect(counts.mostAtOnce).toBe(1);
    expect(counts.builds).toBe(2);
    site = newer;
  });

  it('keeps a bounded number of views, removing the least recently shown one once its readers had time', async () => {
    const { publisher } = countedPublisher(2, 300);
    const a = await publisher.directory(site, { visitor: 'a' });
    const b = await publisher.directory(site, { visitor: 'b' });
    await publisher.directory(site, { visitor: 'a' }); // a is now the more recent
    const c = await publisher.directory(site, { visitor: 'c' });
    expect(new Set([a, b, c]).size).toBe(3);
    // A request given b's folder just before may still be reading it.
    expect(existsSync(join(b, 'index.html'))).toBe(true);
    await waitFor(() => !existsSync(b), { timeout: 5000, message: "b's folder to go" });
    expect(existsSync(a)).toBe(true);
    expect(existsSync(join(c, 'index.html'))).toBe(true);
    // A view removed is built again when shown.
    expect(existsSync(join(await publisher.directory(site, { visitor: 'b' }), 'index.html'))).toBe(true);
  });

  it('keeps an evicted folder that was shown again before its time was up', async () => {
    const { publisher } = countedPublisher(1, 300);
    const a = await publisher.directory(site, { visitor: 'a' });
    await publisher.directory(site, { visitor: 'b' }); // evicts a
    await publisher.directory(site, { visitor: 'a' }); // a again, built in place; evicts b
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(existsSync(join(a, 'index.html'))).toBe(true);
  });
});
