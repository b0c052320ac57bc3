// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { SiteVisibility } from '@gitbook/api';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedNormalizationSpace, type SeededSpace } from '../helpers/content.js';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const s = useServer({ sites: true });

let guides: SeededSpace;
let reference: SeededSpace;
let site: { id: string; basename: string };
let section: { id: string };

const sign = (claims: Record<string, unknown>, key: string) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(key));

beforeAll(async () => {
  guides = await seedNormalizationSpace(s, 'Guides');
  reference = await seedNormalizationSpace(s, 'Reference');
  const api = s.client().orgs;
  const created = (await api.createSite(s.org, { title: 'Acme Help', spaces: [guides.spaceId] })).data;
  site = { id: created.id, basename: created.basename! };
  section = (await api.addSectionToSite(s.org, site.id, { spaceId: reference.spaceId, title: 'Reference' })).data;
  await api.publishSite(s.org, site.id);
}, 120_000);

describe('subdomains', () => {
  it("derives each organization's subdomain from its hostname or title, unique on the server", async () => {
    const api = s.client();
    expect((await api.subdomains.getSubdomain('main')).data).toEqual({
      object: 'subdomain',
      subdomain: 'main',
      target: { type: 'organization', organization: s.org },
      isActive: true,
    });
    expect((await api.subdomains.getSubdomain('other')).data.target.organization).toBe(s.otherOrg);

    // Older organizations choose first (both were made at start: order by creation, then id).
    const [first, second] = await s.store.organizations.all();
    const slug = (title: string) => title.toLowerCase();
    // A hostname that is a valid subdomain wins over the title.
    await api.orgs.updateOrganizationById(first!.id, { hostname: 'Acme-Docs' });
    expect((await api.subdomains.getSubdomain('acme-docs')).data.target.organization).toBe(first!.id);
    expect(await statusOf(api.subdomains.getSubdomain(slug(first!.title)))).toBe(404);
    // The older organization keeps a hostname both claim; the newer falls back to its title.
    await api.orgs.updateOrganizationById(second!.id, { hostname: 'acme-docs' });
    expect((await api.subdomains.getSubdomain('acme-docs')).data.target.organization).toBe(first!.id);
    expect((await api.subdomains.getSubdomain(slug(second!.title))).data.target.organization).toBe(second!.id);
    // A hostname that is no subdomain is ignored; titles that slug alike get a suffix.
    await api.orgs.updateOrganizationById(first!.id, { hostname: 'not a subdomain' });
    await api.orgs.updateOrganizationById(second!.id, { title: `${first!.title}!`, hostname: 'also not one' });
    expect((await api.subdomains.getSubdomain(slug(first!.title))).data.target.organization).toBe(first!.id);
    expect((await api.subdomains.getSubdomain(`${slug(first!.title)}-2`)).data.target.organization).toBe(second!.id);
    // Anyone signed in may look a subdomain up (it is public on the web); not without a token.
    expect((await s.client((await s.member('none')).token).subdomains.getSubdomain(`${slug(first!.title)}-2`)).status).toBe(200);
    expect((await s.request('GET', '/v1/subdomains/main', { token: null })).status).toBe(401);
    await api.orgs.updateOrganizationById(second!.id, { title: second!.title });

    expect(await statusOf(api.subdomains.getSubdomain('nobody-here'))).toBe(404);
    const bad = await s.request('GET', '/v1/subdomains/Not_Valid');
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('subdomain');
  });
});

describe('getContentByUrl', () => {
  it('resolves the app URLs the API hands out to their collection, space, change request and page', async () => {
    const api = s.client();
    const { data: collection } = await api.orgs.createCollection(s.org, { title: 'Linked' });
    expect((await api.urls.getContentByUrl({ url: collection.urls.app })).data).toEqual({ collection });

    const space = (await api.spaces.getSpaceById(guides.spaceId)).data;
    const bySpace = (await api.urls.getContentByUrl({ url: space.urls.app })).data as { space: { id: string }; page?: unknown };
    expect(bySpace.space.id).toBe(guides.spaceId);
    expect(bySpace.page).toBeUndefined();

    const child = guides.pages.find((p) => p.kind === 'document' && p.path.includes('/'))!;
    const group = guides.pages.find((p) => p.kind === 'group')!;
    const byPage = (await api.urls.getContentByUrl({ url: `${space.urls.app}/pages/${child.id}` })).data as {
      space: { id: string };
      page: { id: string; path: string };
    };
    expect(byPage.page).toMatchObject({ id: child.id, path: child.path });
    const byGroup = (await api.urls.getContentByUrl({ url: `${space.urls.app}/pages/${group.id}` })).data as { page: { id: string; type: string } };
    expect(byGroup.page).toMatchObject({ id: group.id, type: 'group' });

    // GitBook's URL form: /o/<org>/s/<space>/<page path>.
    const gitbookForm = (await api.urls.getContentByUrl({ url: `${s.url}/app/o/${s.org}/s/${guides.spaceId}/${child.path}` })).data as { page: { id: string } };
    expect(gitbookForm.page.id).toBe(child.id);
    const gitbookCollection = (await api.urls.getContentByUrl({ url: `${s.url}/app/o/${s.org}/c/${collection.id}` })).data as { collection: { id: string } };
    expect(gitbookCollection.collection.id).toBe(collection.id);

    const { data: cr } = await api.spaces.createChangeRequest(guides.spaceId, { subject: 'Linked change' });
    const byChange = (await api.urls.getContentByUrl({ url: cr.urls.app })).data as { space: { id: string }; changeRequest: { id: string } };
    expect(byChange.changeRequest.id).toBe(cr.id);
    const changePage = (await api.urls.getContentByUrl({ url: `${s.url}/app/o/${s.org}/s/${guides.spaceId}/~/changes/${cr.number}/${child.path}` })).data as {
      changeRequest: { id: string };
      page: { id: string };
    };
    expect(changePage).toMatchObject({ changeRequest: { id: cr.id }, page: { id: child.id } });

    // A published URL resolves to the space behind it and the page at its path.
    const published = (await api.urls.getContentByUrl({ url: `${s.url}/${site.basename}/reference/${child.path}` })).data as {
      space: { id: string };
      page: { id: string };
    };
    expect(published.space.id).toBe(reference.spaceId);
    expect(published.page.id).toBe(reference.pages.find((p) => p.path === child.path)!.id);
  });

  it('answers 400 for a bad URL, 404 for nothing there, 403 without access', async () => {
    const api = s.client();
    expect(await errorOf(api.urls.getContentByUrl({ url: 'not a url' }))).toMatchObject({ code: 400, message: expect.stringMatching(/^url:/) });
    expect((await s.request('GET', '/v1/urls/content')).status).toBe(400);
    for (const url of [
      `${s.url}/app/spaces/nope`,
      `${s.url}/app/collections/nope`,
      `${s.url}/app/spaces/${guides.spaceId}/pages/nope`,
      `${s.url}/app/spaces/${guides.spaceId}/pages/${guides.pages.find((p) => p.kind === 'link')!.id}`,
      `${s.url}/app/spaces/${guides.spaceId}/change-requests/nope`,
      `${s.url}/app/o/${s.otherOrg}/s/${guides.spaceId}`,
      `${s.url}/app/o/${s.org}/s/${guides.spaceId}/no/such/page`,
      `${s.url}/app/o/${s.org}`,
      `${s.url}/app/nothing/here`,
      `${s.url}/no-such-site/page`,
      'https://example.com/app/spaces/x',
    ]) {
      expect(await statusOf(api.urls.getContentByUrl({ url })), url).toBe(404);
    }
    const { data: restricted } = await api.orgs.createSpace(s.org, { title: 'Restricted' });
    await api.spaces.updateSpaceById(restricted.id, { defaultLevel: null } as never);
    const reader = s.client((await s.member('read')).token);
    expect(await statusOf(reader.urls.getContentByUrl({ url: restricted.urls.app }))).toBe(403);
    expect((await reader.urls.getContentByUrl({ url: `${s.url}/app/spaces/${guides.spaceId}` })).status).toBe(200);
    expect(await statusOf(s.client((await s.member('none')).token).urls.getContentByUrl({ url: restricted.urls.app }))).toBe(403);
  });
});

describe('published content by URL', () => {
  it('resolves a URL to its site, section, site space and page path, as the site serves it', async () => {
    const api = s.client();
    const lookup = async (url: string) => (await api.urls.getPublishedContentByUrl({ url })).data as Record<string, unknown>;
    const spaces = (await api.orgs.listSiteSpaces(s.org, site.id)).data.items;
    const guidesSiteSpace = spaces.find((x) => x.space.id === guides.spaceId)!;
    const referenceSiteSpace = spaces.find((x) => x.space.id === reference.spaceId)!;

    const home = await lookup(`${s.url}/${site.basename}/`);
    expect(home).toEqual({
      site: site.id,
      siteSection: guidesSiteSpace.section,
      siteSpace: guidesSiteSpace.id,
      space: guides.spaceId,
      pathname: '',
      basePath: `/${site.basename}/`,
      siteBasePath: `/${site.basename}/`,
      apiToken: '',
      organization: s.org,
      // The reference section may follow.
      complete: false,
      canonicalUrl: `${s.url}/${site.basename}/`,
    });

    const page = reference.pages.find((p) => p.path.includes('/'))!;
    const deep = await lookup(`${s.url}/${site.basename}/reference/${page.path}?q=1`);
    expect(deep).toMatchObject({
      siteSection: section.id,
      siteSpace: referenceSiteSpace.id,
      space: reference.spaceId,
      pathname: page.path,
      basePath: `/${site.basename}/reference/`,
      complete: true,
      canonicalUrl: `${s.url}/${site.basename}/reference/${page.path}`,
    });
    // The canonical URL is served by the site.
    expect((await fetch(deep.canonicalUrl as string)).status).toBe(200);
    expect(await lookup(`${s.url}/${site.basename}/reference`)).toMatchObject({ siteSpace: referenceSiteSpace.id, pathname: '', complete: true });

    // The POST form reads the same.
    const posted = (await api.urls.resolvePublishedContentByUrl({ url: `${s.url}/${site.basename}/reference/${page.path}` })).data;
    expect(posted).toEqual(deep);

    // A site redirect answers for a path that is no page.
    const target = guides.pages.find((p) => p.path !== '')!;
    await api.orgs.createSiteRedirect(s.org, site.id, {
      source: '/old/place',
      destination: { kind: 'site-page', siteSpaceId: guidesSiteSpace.id, pageId: target.id },
    });
    expect(await lookup(`${s.url}/${site.basename}/old/place/`)).toEqual({ target: 'content', redirect: `${s.url}/${site.basename}/${target.path}` });

    // A change request preview, for those who can read the space.
    const { data: cr } = await api.spaces.createChangeRequest(reference.spaceId, { subject: 'Preview me' });
    const preview = await lookup(`${s.url}/${site.basename}/reference/~/changes/${cr.id}/${page.path}`);
    expect(preview).toMatchObject({
      changeRequest: cr.id,
      revision: cr.revision,
      pathname: page.path,
      basePath: `/${site.basename}/reference/~/changes/${cr.id}/`,
      space: reference.spaceId,
    });
    const stranger = s.client((await s.member('none')).token);
    expect(await statusOf(stranger.urls.getPublishedContentByUrl({ url: `${s.url}/${site.basename}/reference/~/changes/${cr.id}/` }))).toBe(403);
    // Visitors without a role still resolve public content.
    expect((await stranger.urls.getPublishedContentByUrl({ url: `${s.url}/${site.basename}/` })).status).toBe(200);

    // Behind a proxy origin.
    await api.orgs.updateSiteById(s.org, site.id, { proxy: 'docs.example.com/help' });
    try {
      expect(await lookup(`https://docs.example.com/help/reference/${page.path}`)).toMatchObject({
        siteSpace: referenceSiteSpace.id,
        siteBasePath: '/help/',
        basePath: '/help/reference/',
        canonicalUrl: `https://docs.example.com/help/reference/${page.path}`,
      });
      expect(await statusOf(api.urls.getPublishedContentByUrl({ url: 'https://docs.example.com/helpdesk/' }))).toBe(404);
    } finally {
      await api.orgs.updateSiteById(s.org, site.id, { proxy: null });
    }
  });

  it('follows the visibility of the site: share keys, visitor tokens and their claims', async () => {
    const api = s.client();
    const orgs = api.orgs;
    const url = `${s.url}/${site.basename}/reference/`;
    try {
      await orgs.updateSiteById(s.org, site.id, { visibility: SiteVisibility.ShareLink });
      const link = (await orgs.createSiteShareLink(s.org, site.id, { name: 'Partners' })).data;
      const shareKey = new URL(link.urls.published!).searchParams.get('share')!;
      expect(await statusOf(api.urls.getPublishedContentByUrl({ url }))).toBe(401);
      expect(await statusOf(api.urls.getPublishedContentByUrl({ url: `${url}?share=wrong` }))).toBe(401);
      const shared = (await api.urls.getPublishedContentByUrl({ url: `${url}?share=${shareKey}` })).data as Record<string, unknown>;
      expect(shared).toMatchObject({ shareKey, space: reference.spaceId });

      await orgs.updateSiteById(s.org, site.id, { visibility: SiteVisibility.VisitorAuth });
      await orgs.updateSiteSectionById(s.org, site.id, section.id, { condition: 'visitor.claims.beta === true' });
      const key = (await orgs.getSitePublishingAuthById(s.org, site.id)).data.privateKey;
      expect(await statusOf(api.urls.getPublishedContentByUrl({ url }))).toBe(401);
      expect(await statusOf(api.urls.getPublishedContentByUrl({ url, visitorAuthToken: await sign({ beta: true }, 'not the key'.repeat(4)) }))).toBe(401);

      const beta = (await api.urls.getPublishedContentByUrl({ url, visitorAuthToken: await sign({ beta: true }, key) })).data as Record<string, unknown>;
      expect(beta).toMatchObject({ space: reference.spaceId, pathname: '', contextId: expect.any(String) });
      // Without the claim the section is not there: the path falls to the default site space.
      const regular = (await api.urls.resolvePublishedContentByUrl({ url, visitor: { jwtToken: await sign({ beta: false }, key) } })).data as Record<
        string,
        unknown
      >;
      expect(regular).toMatchObject({ space: guides.spaceId, pathname: 'reference' });
      expect(regular.contextId).not.toBe(beta.contextId);
      const viaQuery = (await api.urls.getPublishedContentByUrl({ url: `${url}?jwt_token=${await sign({ beta: true }, key)}` })).data as Record<
        string,
        unknown
      >;
      expect(viaQuery.contextId).toBe(beta.contextId);

      await orgs.updateSitePublishingAuthById(s.org, site.id, { backend: 'custom', fallbackURL: 'https://login.example.com/start' } as never);
      expect((await api.urls.resolvePublishedContentByUrl({ url, redirectOnError: true })).data).toEqual({
        target: 'external',
        site: site.id,
        redirect: `https://login.example.com/start?location=${encodeURIComponent(url)}`,
      });
      expect(await statusOf(api.urls.resolvePublishedContentByUrl({ url }))).toBe(401);
    } finally {
      await orgs.updateSiteSectionById(s.org, site.id, section.id, { condition: null });
      await orgs.updateSiteById(s.org, site.id, { visibility: SiteVisibility.Public });
    }
  });

  it('answers 404 for unpublished or unknown sites and 400 for bad input', async () => {
    const api = s.client();
    const draft = (await api.orgs.createSite(s.org, { title: 'Draft site', spaces: [guides.spaceId] })).data;
    expect(await statusOf(api.urls.getPublishedContentByUrl({ url: `${s.url}/${draft.basename}/` }))).toBe(404);
    expect(await statusOf(api.urls.getPublishedContentByUrl({ url: `${s.url}/no-such-site/` }))).toBe(404);
    expect(await statusOf(api.urls.getPublishedContentByUrl({ url: `https://elsewhere.example.com/${site.basename}/` }))).toBe(404);
    expect(await statusOf(api.urls.resolvePublishedContentByUrl({ url: `${s.url}/` }))).toBe(404);

    const badQuery = await s.request('GET', `/v1/urls/published?url=${encodeURIComponent('not a url')}`);
    expect(badQuery.status).toBe(400);
    expect(badQuery.json.error.message).toContain('url');
    for (const [body, field] of [
      [{}, 'url'],
      [{ url: 'nope' }, 'url'],
      [{ url: `${s.url}/${site.basename}/`, visitor: 'x' }, 'visitor'],
      [{ url: `${s.url}/${site.basename}/`, redirectOnError: 'yes' }, 'redirectOnError'],
    ] as const) {
      const error = await errorOf(api.urls.resolvePublishedContentByUrl(body as never));
      expect(error.code, JSON.stringify(body)).toBe(400);
      expect(error.message, JSON.stringify(body)).toContain(field);
    }
    expect((await s.request('POST', '/v1/urls/published', { token: null, body: { url: `${s.url}/${site.basename}/` } })).status).toBe(401);
  });
});
