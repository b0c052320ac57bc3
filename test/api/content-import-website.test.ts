import { ImportContentSource } from '@gitbook/api';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentPage, RevisionContent } from '../../src/model/index.js';
import { twoWaySync } from '../../src/gitsync/two-way/sync.js';
import { cleanTemps, repository, SAMPLE } from '../gitsync/two-way-helpers.js';
import { png } from '../domain/imports/zip-writer.js';
import { statusOf } from '../helpers/server.js';
import { bytes, html, useImportServer, useSite } from '../helpers/import-server.js';

const page = (title: string, body: string) =>
  html(`<!doctype html><html><head><title>${title}</title></head><body>
  <nav><a href="/">Home</a> <a href="/guide/">Guide</a></nav><main><h1>${title}</h1>${body}</main><footer>Site footer</footer></body></html>`);

// A small site: relative links, a redirect, a 404, a page that never answers, robots.txt, images (one broken, one on
// a host that is not allowed).
const site = useSite({
  '/robots.txt': (_, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n'),
  '/': page(
    'Handbook',
    `<p>Welcome. Read the <a href="guide/">guide</a>, <a href="about.html">about us</a>, the <a href="/old-page">old page</a>,
     a <a href="missing.html">missing page</a>, a <a href="slow.html">slow page</a> and <a href="/private/secret.html">a secret</a>.
     Also <a href="https://example.com/elsewhere">elsewhere</a> and <a href="about.html#team">the team</a>.</p>
     <p><img src="/img/logo.png" alt="Logo"> <img src="img/broken.png" alt="Broken"> <img src="http://127.0.0.1:9/x.png" alt="Private"></p>`,
  ),
  '/guide/': page(
    'Guide',
    '<h2>Install</h2><p>See <a href="setup.html">setup</a>, <a href="../">home</a> and <a href="../about.html">about</a>.</p><p><img src="../img/logo.png" alt="Logo again"></p>',
  ),
  '/guide/setup.html': page('Setup', '<p>Run <code>docs start</code>. Back to the <a href="./">guide</a>.</p>'),
  '/about.html': page('About', '<p>Who we are.</p><h2 id="team">Team</h2><p>Ada and Grace.</p>'),
  '/old-page': (_, res) => res.writeHead(301, { location: '/moved.html' }).end(),
  '/moved.html': page('Moved page', '<p>The new home of the old page.</p>'),
  '/slow.html': () => {
    /* never answers */
  },
  '/private/secret.html': page('Secret', '<p>Not for robots.</p>'),
  '/img/logo.png': bytes(png(), 'image/png'),
});

const s = useImportServer({ crawlDelayMs: 0, timeoutMs: 800 }, () => [site.host]);
afterAll(cleanTemps);

const content = async (revisionId: string): Promise<RevisionContent> => await s.store.revisions.content(revisionId);
const body = async (p: DocumentPage) => (await s.store.blobs.get(p.blob))!.toString('utf8');
const byTitle = (c: RevisionContent, title: string) => c.pages.find((p) => p.title === title) as DocumentPage;

describe('importContent from a website', () => {
  it('crawls the same-origin pages into a page tree, downloads the images, and reports what failed', async () => {
    const spaceId = await s.space('Imported site');
    const before = (await s.store.content.space(spaceId))!.revisionId;
    const { data, status } = await s.client().spaces.importContent(spaceId, { source: ImportContentSource.Website, url: `${site.url}/` });
    expect(status).toBe(201);
    // 5 pages and 1 image imported; the 404 page, the page that timed out, the broken image and the private one not.
    expect(data).toEqual({ revision: expect.any(String), importedResources: 6, totalResources: 10 });
    expect((await s.store.content.space(spaceId))!.revisionId).toBe(data.revision);
    expect((await s.store.revisions.get(data.revision))!.parents).toEqual([before]);

    const c = await content(data.revision);
    const tree = c.pages.map((p) => [p.title, p.parentId && c.pages.find((q) => q.id === p.parentId)!.title, p.hidden]);
    expect(tree).toEqual([
      ['Handbook', null, false],
      ['Guide', 'Handbook', false],
      ['Setup', 'Guide', false],
      ['About', 'Handbook', false],
      ['Moved page', 'Handbook', false],
      ['Import report', 'Handbook', true],
    ]);
    expect(c.files).toMatchObject([{ name: 'logo.png', contentType: 'image/png', dimensions: { width: 1, height: 1 } }]);
    expect(site.hits).not.toContain('/private/secret.html');
    expect(site.hits.filter((h) => h === '/guide/')).toHaveLength(1);

    // Links between imported pages point at their files (the first page of a space is its README, and its children
    // live in README/); the others stay absolute; images are the space's files.
    const home = await body(byTitle(c, 'Handbook'));
    expect(home).toContain('[guide](README/guide.md)');
    expect(home).toContain('[about us](README/about.md)');
    expect(home).toContain('[old page](README/moved-page.md)');
    expect(home).toContain('[the team](README/about.md#team)');
    expect(home).toContain(`[missing page](${site.url}/missing.html)`);
    expect(home).toContain(`[a secret](${site.url}/private/secret.html)`);
    expect(home).toContain('[elsewhere](https://example.com/elsewhere)');
    expect(home).toContain('![Logo](.gitbook/assets/logo.png)');
    expect(home).toContain(`![Broken](${site.url}/img/broken.png)`);
    expect(home).not.toContain('Site footer');
    expect(home).not.toContain('[Home]');
    expect(await body(byTitle(c, 'Guide'))).toContain('![Logo again](../.gitbook/assets/logo.png)');
    expect(await body(byTitle(c, 'Setup'))).toContain('[guide](../guide.md)');

    const { data: guide } = await s.client().spaces.getPageById(spaceId, byTitle(c, 'Guide').id, { format: 'markdown' });
    expect((guide as { markdown: string }).markdown).toMatch(/^### Install\n\nSee \[setup\]\(guide\/setup\.md\)/);

    const report = await body(byTitle(c, 'Import report'));
    expect(report).toContain('imported 6 of 10 resources');
    expect(report).toContain(`\`${site.url}/missing.html\`: fetching ${site.url}/missing.html failed with HTTP 404`);
    expect(report).toContain(`\`${site.url}/slow.html\`: ${site.url}/slow.html did not answer within 800 ms`);
    expect(report).toContain(`\`${site.url}/img/broken.png\`: fetching`);
    expect(report).toContain('`http://127.0.0.1:9/x.png`: 127.0.0.1 is a loopback or private address');
    expect(report).toContain('robots.txt does not allow it');
  });

  it('imports into a change request and under a page, and the result exports to git like any change', async () => {
    const api = s.client();
    const repo = repository(SAMPLE);
    const [synced] = await twoWaySync(s.domain, { dir: repo.dir, space: 'Synced', organizationId: s.org, caller: s.owner, parseWorkers: 0 });
    const spaceId = synced!.space.id;
    const faq = (await content((await s.store.content.space(spaceId))!.revisionId)).pages.find((p) => p.title === 'FAQ')!;

    const { data: imported } = await api.spaces.importContentInPageById(spaceId, faq.id, { source: ImportContentSource.Website, url: `${site.url}/guide/` });
    expect(imported).toMatchObject({ importedResources: 6, totalResources: 10 });
    const c = await content(imported.revision);
    // The page takes the start page's content and title; the pages it links to go under it.
    expect(c.pages.find((p) => p.id === faq.id)!.title).toBe('Guide');
    expect(c.pages.filter((p) => p.parentId === faq.id).map((p) => p.title)).toEqual(['Handbook', 'Setup', 'About', 'Import report']);

    const [exported] = await twoWaySync(s.domain, { dir: repo.dir, space: spaceId, organizationId: s.org, caller: s.owner, parseWorkers: 0 });
    expect(exported!.commit).toBeTruthy();
    expect(repo.show('SUMMARY.md')).toContain('* [Guide](faq/README.md)\n  * [Handbook](faq/handbook.md)\n    * [Moved page](faq/handbook/moved-page.md)');
    expect(repo.show('SUMMARY.md')).toContain('[Setup](faq/setup.md)');
    expect(repo.show('faq/setup.md')).toContain('Run `docs start`.');
    expect(repo.git('ls-tree', '-r', '--name-only', 'main')).toContain('.gitbook/assets/logo.png');

    const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: 'Import' });
    const { data: inCr } = await api.spaces.importContentInChangeRequest(spaceId, cr.id, {
      source: ImportContentSource.Website,
      url: `${site.url}/about.html`,
    });
    expect(inCr).toMatchObject({ importedResources: 6, totalResources: 10 });
    const { data: crTree } = await api.spaces.getRevisionOfChangeRequestById(spaceId, cr.id);
    expect(crTree.id).toBe(inCr.revision);
    expect(crTree.pages.map((p) => p.title)).toContain('About');
  });

  it('refuses private hosts, bad start pages and sources that need a cloud account, changing nothing', async () => {
    const spaceId = await s.space('Refusals');
    const revision = (await s.store.content.space(spaceId))!.revisionId;
    const call = (url: string, source = ImportContentSource.Website) => s.request('POST', `/spaces/${spaceId}/content/import`, { url, source });
    for (const url of ['http://127.0.0.1:9/', 'http://10.0.0.1/', 'http://[::1]:9/', 'http://169.254.169.254/latest/meta-data/']) {
      const refused = await call(url);
      expect(refused.status).toBe(400);
      expect(refused.json.error.message).toMatch(/^url: .*loopback or private address/);
    }
    expect((await call(`${site.url}/missing.html`)).json.error).toEqual({ code: 400, message: `url: fetching ${site.url}/missing.html failed with HTTP 404` });
    expect((await call(`${site.url}/private/secret.html`)).json.error.message).toMatch(/robots\.txt .* does not allow/);
    expect((await call(`${site.url}/img/logo.png`)).json.error.message).toMatch(/not an HTML page/);
    expect((await call('ftp://example.com/')).status).toBe(400);
    for (const source of [ImportContentSource.Notion, ImportContentSource.Confluence, ImportContentSource.GoogleDocs, ImportContentSource.GithubWiki]) {
      const refused = await call('https://example.com/x', source);
      expect(refused.status).toBe(400);
      expect(refused.json.error.message).toMatch(new RegExp(`^source: "${source}" imports read .* account`));
    }
    expect((await s.request('POST', `/spaces/${spaceId}/content/import`, { url: `${site.url}/` })).json.error.message).toMatch(/source/);
    expect(await statusOf(s.client(await s.member('read')).spaces.importContent(spaceId, { source: ImportContentSource.Website, url: `${site.url}/` }))).toBe(
      403,
    );
    expect(await statusOf(s.client().spaces.importContent('nope', { source: ImportContentSource.Website, url: `${site.url}/` }))).toBe(404);
    expect((await s.request('POST', `/spaces/${spaceId}/content/import`, { url: `${site.url}/`, source: 'website' }, 'bad-token')).status).toBe(401);
    expect((await s.store.content.space(spaceId))!.revisionId).toBe(revision);
  });
});

describe('crawl bounds and politeness', () => {
  const small = useSite({
    '/': html('<title>Root</title><a href="/a">A</a> <a href="/b">B</a> <a href="/c">C</a>'),
    '/a': html('<title>A</title><a href="/a/deep">Deeper</a>'),
    '/a/deep': html('<title>Deep</title><p>too far</p>'),
    '/b': html('<title>B</title>'),
    '/c': html('<title>C</title>'),
  });
  const paced = useImportServer({ crawlDelayMs: 150, maxPages: 3, maxDepth: 1 }, () => [small.host]);

  it('reads at most maxPages pages, maxDepth links deep, one request at a time with the delay between them', async () => {
    const spaceId = await paced.space('Bounded');
    const started = small.hits.length;
    const times: number[] = [];
    const hit = small.hits.push.bind(small.hits);
    small.hits.push = (...paths: string[]) => {
      times.push(Date.now());
      return hit(...paths);
    };
    const { data } = await paced.client().spaces.importContent(spaceId, { source: ImportContentSource.Website, url: `${small.url}/` });
    expect(data).toMatchObject({ importedResources: 3, totalResources: 3 });
    const c = await paced.store.revisions.content(data.revision);
    expect(c.pages.map((p) => p.title)).toEqual(['Root', 'A', 'B', 'Import report']);
    expect(small.hits.slice(started)).toEqual(['/robots.txt', '/', '/a', '/b']);
    // Pages come one at a time, at least the delay apart (robots.txt is read before the crawl starts).
    for (let i = 2; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(140);
    const report = (await paced.store.blobs.get((c.pages.at(-1) as DocumentPage).blob))!.toString('utf8');
    expect(report).toContain('1 more linked pages were not read: an import reads at most 3 pages (imports.maxPages)');
    expect(report).toContain('1 linked pages are more than 1 links away from the start page (imports.maxDepth)');
  });
});
