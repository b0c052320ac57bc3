// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { request as httpRequest } from 'node:http';
import { SiteVisibility } from '@gitbook/api';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedNormalizationSpace, type SeededSpace } from '../helpers/content.js';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer({ sites: true });

let guides: SeededSpace;
let reference: SeededSpace;
let site: { id: string; basename: string };
let referenceSection: { id: string; path: string };

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${s.url}${path}`, { headers, redirect: 'manual' });
const sign = (claims: Record<string, unknown>, key: string) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(key));

beforeAll(async () => {
  guides = await seedNormalizationSpace(s, 'Guides');
  reference = await seedNormalizationSpace(s, 'Reference');
  const api = s.client().orgs;
  const created = (await api.createSite(s.org, { title: 'Acme Docs', spaces: [guides.spaceId] })).data;
  site = { id: created.id, basename: created.basename! };
  referenceSection = (await api.addSectionToSite(s.org, site.id, { spaceId: reference.spaceId, title: 'Reference' })).data;
  await api.publishSite(s.org, site.id);
}, 120_000);

describe('published sites on docs serve', () => {
  it('serves every section of a public site at /<basename>/, with section tabs, customization links and redirects', async () => {
    const api = s.client().orgs;
    const hints = reference.pages.find((p) => p.path === 'hints')!;
    await api.updateSiteCustomizationById(s.org, site.id, {
      ...(await api.getSiteCustomizationById(s.org, site.id)).data,
      header: { preset: 'default' as never, links: [{ title: 'Hint reference', to: { kind: 'page', page: hints.id, space: reference.spaceId }, links: [] }] },
    } as never);
    const guidesSite = (await api.listSiteSpaces(s.org, site.id)).data.items.find((x) => x.space.id === guides.spaceId)!;
    await api.createSiteRedirect(s.org, site.id, {
      source: '/old/hints',
      destination: { kind: 'site-page', siteSpaceId: guidesSite.id, pageId: guides.page('hints.md') },
    });

    const bare = await get(`/${site.basename}`);
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe(`/${site.basename}/`);

    const home = await get(`/${site.basename}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    const html = await home.text();
    expect(html).toContain(`href="/${site.basename}/${referenceSection.path}/"`);
    expect(html).toContain('>Reference<');
    expect(html).toContain(`href="/${site.basename}/${referenceSection.path}/hints/"`);

    const page = await get(`/${site.basename}/${referenceSection.path}/hints/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1');
    expect((await get(`/${site.basename}/${referenceSection.path}/hints`)).headers.get('location')).toBe(`/${site.basename}/${referenceSection.path}/hints/`);

    const moved = await get(`/${site.basename}/old/hints/`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/${site.basename}/hints/`);
    expect((await get(`/${site.basename}/sitemap.xml`)).status).toBe(200);

    const missing = await get(`/${site.basename}/no/such/page/`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
  });

  it('rebuilds what it serves when the content moves on', async () => {
    const before = await (await get(`/${site.basename}/`)).text();
    expect(before).not.toContain('Freshly renamed');
    const caller = (await s.domain.users.authenticate(s.ownerToken))!;
    const markdown = `data:text/markdown;base64,${Buffer.from('# Home\n\nFreshly renamed content.\n').toString('base64')}`;
    await s.domain.contentWrites.importInSpacePage(caller, guides.spaceId, guides.pages[0]!.id, { source: 'markdown', url: markdown } as never);
    const after = await (await get(`/${site.basename}/`)).text();
    expect(after).toContain('Freshly renamed');
  });

  it('opens a share-link site only with an active share key, then by its cookie', async () => {
    const api = s.client().orgs;
    await api.updateSiteById(s.org, site.id, { visibility: SiteVisibility.ShareLink });
    const link = (await api.createSiteShareLink(s.org, site.id, { name: 'Partners' })).data;
    const key = new URL(link.urls.published!).searchParams.get('share')!;

    expect((await get(`/${site.basename}/`)).status).toBe(401);
    expect((await get(`/${site.basename}/?share=wrong`)).status).toBe(401);
    const opened = await get(`/${site.basename}/?share=${key}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    expect(opened.headers.get('set-cookie')).toContain(`Path=/${site.basename}/`);
    expect((await get(`/${site.basename}/hints/`, { cookie })).status).toBe(200);

    await api.updateSiteShareLinkById(s.org, site.id, link.id, { active: false });
    expect((await get(`/${site.basename}/`, { cookie })).status).toBe(401);
  });

  it('opens a visitor-auth site with a token signed by its key, and shows sections whose conditions the claims meet', async () => {
    const api = s.client().orgs;
    await api.updateSiteById(s.org, site.id, { visibility: SiteVisibility.VisitorAuth });
    await api.updateSiteSectionById(s.org, site.id, referenceSection.id, { condition: 'visitor.claims.beta === true' });
    const auth = (await api.getSitePublishingAuthById(s.org, site.id)).data;
    expect(auth).toMatchObject({ object: 'publishing-auth', backend: 'custom' });
    expect(auth.privateKey.length).toBeGreaterThanOrEqual(32);
    expect((await api.getSitePublishingAuthById(s.org, site.id)).data.privateKey).toBe(auth.privateKey);

    expect((await get(`/${site.basename}/`)).status).toBe(401);
    const forged = await sign({ beta: true }, 'not-the-key-of-this-site-at-all-00000');
    expect((await get(`/${site.basename}/?jwt_token=${forged}`)).status).toBe(401);
    expect((await get(`/${site.basename}/?jwt_token=garbage`)).status).toBe(401);

    const beta = await get(`/${site.basename}/?jwt_token=${await sign({ beta: true }, auth.privateKey)}`);
    expect(beta.status).toBe(200);
    expect(await beta.text()).toContain(`href="/${site.basename}/${referenceSection.path}/"`);
    const cookie = beta.headers.get('set-cookie')!.split(';')[0]!;
    expect((await get(`/${site.basename}/${referenceSection.path}/hints/`, { cookie })).status).toBe(200);

    const regular = await get(`/${site.basename}/?jwt_token=${await sign({ beta: false }, auth.privateKey)}`);
    expect(regular.status).toBe(200);
    expect(await regular.text()).not.toContain(`href="/${site.basename}/${referenceSection.path}/"`);
    const regularCookie = regular.headers.get('set-cookie')!.split(';')[0]!;
    expect((await get(`/${site.basename}/${referenceSection.path}/hints/`, { cookie: regularCookie })).status).toBe(404);

    // With adaptive content on, `{% if %}` blocks follow the claims too, each visitor view built on its own.
    await api.updateSiteById(s.org, site.id, { adaptiveContent: { enabled: true } } as never);
    const caller = (await s.domain.users.authenticate(s.ownerToken))!;
    const adaptive = '# Home\n\n{% if visitor.claims.beta %}\nBeta-only paragraph.\n{% else %}\nRegular paragraph.\n{% endif %}\n';
    await s.domain.contentWrites.importInSpacePage(caller, guides.spaceId, guides.pages[0]!.id, {
      source: 'markdown',
      url: `data:text/markdown;base64,${Buffer.from(adaptive).toString('base64')}`,
    } as never);
    const betaHome = await (await get(`/${site.basename}/`, { cookie })).text();
    expect(betaHome).toContain('Beta-only paragraph.');
    expect(betaHome).not.toContain('Regular paragraph.');
    const regularHome = await (await get(`/${site.basename}/`, { cookie: regularCookie })).text();
    expect(regularHome).toContain('Regular paragraph.');
    expect(regularHome).not.toContain('Beta-only paragraph.');

    // A fallback URL sends visitors without a valid token to sign in; a new key shuts out every old token.
    await api.updateSitePublishingAuthById(s.org, site.id, { backend: 'custom', fallbackURL: 'https://login.example.com/start' } as never);
    const denied = await get(`/${site.basename}/hints/`);
    expect(denied.status).toBe(302);
    expect(denied.headers.get('location')).toBe(`https://login.example.com/start?location=${encodeURIComponent(`/${site.basename}/hints/`)}`);
    const renewed = (await api.regenerateSitePublishingAuthById(s.org, site.id)).data;
    expect(renewed.privateKey).not.toBe(auth.privateKey);
    expect(renewed.fallbackURL).toBe('https://login.example.com/start');
    expect((await get(`/${site.basename}/`, { cookie })).status).toBe(302);
    expect((await get(`/${site.basename}/?jwt_token=${await sign({ beta: true }, renewed.privateKey)}`)).status).toBe(200);

    expect(await statusOf(s.client((await s.member('create')).token).orgs.getSitePublishingAuthById(s.org, site.id))).toBe(403);
  });

  it('refuses conditions that are not expressions, and paths that leave the site', async () => {
    const api = s.client().orgs;
    const bad = await s.request('PATCH', `/v1/orgs/${s.org}/sites/${site.id}/sections/${referenceSection.id}`, { body: { condition: 'visitor.claims.(' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^condition: /);
    const call = await s.request('PATCH', `/v1/orgs/${s.org}/sites/${site.id}/sections/${referenceSection.id}`, { body: { condition: 'alert(1)' } });
    expect(call.status).toBe(400);
    expect((await api.listSiteSections(s.org, site.id)).data.items.find((x) => x.id === referenceSection.id)!.condition).toBe('visitor.claims.beta === true');

    for (const path of [`/${site.basename}/../../../etc/passwd`, `/${site.basename}/%2e%2e/%2e%2e/etc/passwd`, `/${site.basename}/a%00b`]) {
      const status = await new Promise<number>((resolve, reject) => {
        httpRequest(`${s.url}${path}`, { method: 'GET' }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
          .on('error', reject)
          .end();
      });
      expect([400, 401, 404]).toContain(status);
    }
    await api.unpublishSite(s.org, site.id);
    expect((await get(`/${site.basename}/`)).status).toBe(404);
    await api.publishSite(s.org, site.id);
  });
});

describe('adaptive schema and site search', () => {
  it('stores the visitor schema and offers conditions for its claims', async () => {
    const api = s.client().orgs;
    expect(await statusOf(api.getSiteAdaptiveSchema(s.org, site.id))).toBe(404);
    const jsonSchema = {
      type: 'object',
      properties: {
        beta: { type: 'boolean', description: 'In the beta program' },
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          properties: { language: { type: 'string', description: 'Preferred language', enum: ['en', 'fr'] } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    };
    const put = (await api.updateSiteAdaptiveSchema(s.org, site.id, { jsonSchema } as never)).data;
    expect(put).toMatchObject({ object: 'site-adaptive-schema', jsonSchema });
    expect((await api.getSiteAdaptiveSchema(s.org, site.id)).data.jsonSchema).toEqual(jsonSchema);
    const conditions = (await s.request('GET', `/v1/orgs/${s.org}/sites/${site.id}/adaptive-schema/template-conditions`)).json.items;
    expect(conditions.map((c: { condition: string }) => c.condition)).toEqual([
      'visitor.claims.beta === true',
      'visitor.claims.unsigned.language === "en"',
      'visitor.claims.unsigned.language === "fr"',
    ]);
    const invalid = await s.request('PUT', `/v1/orgs/${s.org}/sites/${site.id}/adaptive-schema`, { body: { jsonSchema: { type: 'array' } } });
    expect(invalid.status).toBe(400);
  });

  it('searches the site spaces a scope names', async () => {
    const api = s.client().orgs;
    const all = (await api.searchSiteContent(s.org, site.id, { query: 'quokkas', scope: { mode: 'all' } } as never)).data;
    expect(all.items.map((r) => r.id).sort()).toEqual([guides.spaceId, reference.spaceId].sort());
    expect(all.items[0]!.pages[0]!.sections!.length).toBeGreaterThan(0);
    const defaults = (await api.searchSiteContent(s.org, site.id, { query: 'quokkas', scope: { mode: 'default' } } as never)).data;
    expect(defaults.items.map((r) => r.id).sort()).toEqual([guides.spaceId, reference.spaceId].sort());
    const refSpace = (await api.listSiteSpaces(s.org, site.id)).data.items.find((x) => x.space.id === reference.spaceId)!;
    const specific = (await api.searchSiteContent(s.org, site.id, { query: 'quokkas', scope: { mode: 'specific', siteSpaceIds: [refSpace.id] } } as never))
      .data;
    expect(specific.items.map((r) => r.id)).toEqual([reference.spaceId]);
    expect((await api.searchSiteContent(s.org, site.id, { query: 'zzzqqq', scope: { mode: 'all' } } as never)).data.items).toEqual([]);
    const unknown = await s.request('POST', `/v1/orgs/${s.org}/sites/${site.id}/search`, {
      body: { query: 'x', scope: { mode: 'specific', siteSpaceIds: ['nope'] } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toMatch(/^scope\.siteSpaceIds: /);
  });
});

describe('preview links', () => {
  it('open an unpublished site for an hour, as a visitor with the given claims', async () => {
    const api = s.client().orgs;
    const draft = (await api.createSite(s.org, { title: 'Draft Docs', spaces: [guides.spaceId] })).data;
    const section = (await api.addSectionToSite(s.org, draft.id, { spaceId: reference.spaceId, title: 'Beta reference' })).data;
    await api.updateSiteSectionById(s.org, draft.id, section.id, { condition: 'visitor.claims.beta === true' });
    expect((await get(`/${draft.basename}/`)).status).toBe(404);

    const { url } = (await api.getSitePublishingPreviewById(s.org, draft.id, { claims: '(beta:!t,plan:pro)' })).data;
    expect(url.startsWith(`${s.url}/${draft.basename}/?preview=`)).toBe(true);
    const opened = await fetch(url, { redirect: 'manual' });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    expect(await opened.text()).toContain(`href="/${draft.basename}/${section.path}/"`);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    expect((await get(`/${draft.basename}/${section.path}/hints/`, { cookie })).status).toBe(200);

    const plain = (await api.getSitePublishingPreviewById(s.org, draft.id)).data.url;
    expect(await (await fetch(plain)).text()).not.toContain(`href="/${draft.basename}/${section.path}/"`);
    const sectionSpace = (await api.listSiteSpaces(s.org, draft.id)).data.items.find((x) => x.space.id === reference.spaceId)!;
    const deep = (await api.getSitePublishingPreviewById(s.org, draft.id, { siteSpace: sectionSpace.id, claims: '(beta:!t)' })).data.url;
    expect(deep.startsWith(`${s.url}/${draft.basename}/${section.path}/?preview=`)).toBe(true);
    expect((await fetch(deep)).status).toBe(200);

    const forged = `${url.slice(0, -4)}AAAA`;
    expect((await fetch(forged)).status).toBe(401);
    expect((await fetch(url.replace(draft.basename!, site.basename))).status).toBe(401);
  });

  it('refuses bad claims, unknown site spaces and readers', async () => {
    const bad = await s.request('GET', `/v1/orgs/${s.org}/sites/${site.id}/publishing/preview?claims=${encodeURIComponent('(beta:')}`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^claims: not valid Rison/);
    const list = await s.request('GET', `/v1/orgs/${s.org}/sites/${site.id}/publishing/preview?claims=${encodeURIComponent('!(a,b)')}`);
    expect(list.status).toBe(400);
    const space = await s.request('GET', `/v1/orgs/${s.org}/sites/${site.id}/publishing/preview?siteSpace=nope`);
    expect(space.status).toBe(400);
    expect(space.json.error.message).toMatch(/^siteSpace: /);
    expect(await statusOf(s.client((await s.member('read')).token).orgs.getSitePublishingPreviewById(s.org, site.id))).toBe(403);
  });
});
