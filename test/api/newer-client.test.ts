// A GET of each resource family through the 0.202.0 client: every response is checked against both specs (the test
// server's fetch), and the fields 0.202.0 added as required are asserted to carry what the server really has.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncDirectory } from '../../src/gitsync/import.js';
import { useServer } from '../helpers/server.js';

const s = useServer();
let dir: string;
let spaceId: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-newer-'));
  mkdirSync(join(dir, 'guide'));
  mkdirSync(join(dir, '.gitbook/assets'), { recursive: true });
  writeFileSync(join(dir, 'README.md'), '# Welcome\n\nStart with the guide.\n');
  writeFileSync(join(dir, 'guide/README.md'), '---\ndescription: All about setup\n---\n\n# Guide\n\nThe guide.\n');
  writeFileSync(join(dir, 'guide/install.md'), '# Install\n\n## Steps\n\nInstall the telescope first.\n\n![](../.gitbook/assets/dot.png)\n');
  writeFileSync(join(dir, '.gitbook/assets/dot.png'), PNG);
  writeFileSync(join(dir, 'SUMMARY.md'), '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n');
  const { data: space } = await s.client().orgs.createSpace(s.org, { title: 'Newer' });
  const caller = (await s.domain.users.authenticate(s.ownerToken))!;
  await syncDirectory(s.domain, { dir, space: space.id, organizationId: s.org, caller });
  spaceId = space.id;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the 0.202.0 client', () => {
  it('reads the organization, its members and teams', async () => {
    const api = s.newerClient().orgs;
    const org = (await api.getOrganizationById(s.org)).data;
    expect(org.permissions.access).toBe(true);
    expect(org.trial.count).toBe(0);
    await s.client().orgs.createOrganizationTeam(s.org, { title: 'Writers' });
    expect((await api.listTeamsInOrganizationById(s.org)).data.items.map((t) => t.title)).toContain('Writers');
    const members = (await api.listMembersInOrganizationById(s.org)).data.items;
    expect(members.every((m) => m.sites === 0)).toBe(true);
    expect((await api.getMemberInOrganizationById(s.org, s.ownerId)).data.sites).toBe(0);
  });

  it('reads spaces, collections, pages, files and revisions', async () => {
    const api = s.newerClient();
    expect((await api.spaces.getSpaceById(spaceId)).data.id).toBe(spaceId);
    const collection = (await s.client().orgs.createCollection(s.org, { title: 'Shelf' })).data;
    expect((await api.collections.getCollectionById(collection.id)).data.title).toBe('Shelf');

    const { pages } = (await api.spaces.listPages(spaceId)).data;
    const guide = pages.find((p) => p.title === 'Guide')!;
    expect(guide).toMatchObject({ type: 'document', tags: [], description: 'All about setup' });
    expect((guide as { layout: object }).layout).toMatchObject({ coverMask: 'none', tags: true, actions: true, anchors: true });
    const install = (await api.spaces.getPageByPath(spaceId, 'guide/install')).data;
    expect(install).toMatchObject({ title: 'Install', tags: [] });
    expect((await api.spaces.getPageById(spaceId, install.id, { format: 'markdown' })).data.id).toBe(install.id);

    const files = (await api.spaces.listFiles(spaceId)).data.items;
    expect(files.map((f) => f.name)).toEqual(['dot.png']);
    expect((await api.spaces.getFileById(spaceId, files[0]!.id)).data.id).toBe(files[0]!.id);

    const revision = (await api.spaces.getCurrentRevision(spaceId)).data;
    expect(revision.tags).toEqual([]);
    expect((await api.spaces.getRevisionById(spaceId, revision.id)).data.id).toBe(revision.id);
  });

  it('reads change requests, their reviews and comments', async () => {
    const api = s.newerClient();
    const cr = (await api.spaces.createChangeRequest(spaceId, { subject: 'Polish' })).data;
    expect((await api.spaces.getChangeRequestById(spaceId, cr.id)).data.subject).toBe('Polish');
    const reviewer = await s.member('review');
    await s.newerClient(reviewer.token).spaces.submitChangeRequestReview(spaceId, cr.id, { status: 'approved' as never });
    const reviews = (await api.spaces.getReviewsByChangeRequestId(spaceId, cr.id)).data.items;
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.urls.location).toBe(`${s.url}/v1/spaces/${spaceId}/change-requests/${cr.id}/reviews/${reviews[0]!.id}`);

    await api.spaces.postCommentInSpace(spaceId, { body: { markdown: 'Looks right' } });
    const comments = (await api.spaces.listCommentsInSpace(spaceId)).data.items;
    expect(comments.map((c) => c.repliers)).toEqual([[]]);
  });

  it('reads sites, their spaces, sections, customization and permissions, and resolves their URLs', async () => {
    const api = s.newerClient();
    const other = (await s.client().orgs.createSpace(s.org, { title: 'Reference' })).data;
    const site = (await api.orgs.createSite(s.org, { title: 'Handbook', spaces: [spaceId] })).data;
    expect(site).toMatchObject({
      appliedType: site.type,
      defaultLevel: 'inherit',
      permissions: { view: true, access: true, edit: true, create: true, admin: true, installIntegration: true },
    });
    expect(site.urls.preview).toBe(`${s.url}/${site.basename}/`);
    const reader = await s.member('read');
    const asReader = (await s.newerClient(reader.token).orgs.getSiteById(s.org, site.id)).data;
    expect(asReader.permissions).toMatchObject({ view: true, edit: false, create: false, admin: false, editAdaptiveSchema: false });

    const section = (await api.orgs.addSectionToSite(s.org, site.id, { spaceId: other.id, title: 'API' })).data;
    expect(section.draft).toBe(false);
    expect((await api.orgs.listSiteSections(s.org, site.id)).data.items.every((x) => x.draft === false)).toBe(true);
    expect((await api.orgs.listSiteSpaces(s.org, site.id)).data.items.every((x) => x.draft === false)).toBe(true);
    expect((await api.orgs.getSiteStructure(s.org, site.id)).data.type).toBe('sections');

    const customization = (await api.orgs.getSiteCustomizationById(s.org, site.id)).data;
    expect(customization.socialAccounts).toEqual([]);
    expect(customization.styling.codeTheme.default).toEqual({ light: 'github-light-default', dark: 'github-dark-default' });
    expect(customization.pageActions.items).toEqual(['markdown']);

    const permissions = (await api.orgs.listPermissionsAggregateInSite(s.org, site.id)).data.items;
    expect(permissions.length).toBeGreaterThan(0);
    expect(permissions.every((p) => p.disabled === false)).toBe(true);

    const siteSpaceId = (await api.orgs.listSiteSpaces(s.org, site.id)).data.items[0]!.id;
    const redirect = (await api.orgs.createSiteRedirect(s.org, site.id, { source: '/old', destination: { kind: 'site-space', siteSpaceId } })).data;
    expect(redirect).toMatchObject({ draft: false, permanent: true, captureWildcard: false, createdAt: expect.any(String) });

    await api.orgs.publishSite(s.org, site.id, {});
    const resolved = (await api.urls.resolvePublishedContentByUrl({ url: `${s.url}/${site.basename}/guide/install` })).data;
    expect(resolved).toMatchObject({ site: site.id, space: spaceId });
    expect((await api.urls.getContentByUrl({ url: `${s.url}/app/spaces/${spaceId}` })).data).toMatchObject({ space: { id: spaceId } });
  });

  it('searches a space, the organization and a site with scores and global ranks', async () => {
    const api = s.newerClient();
    const found = (await api.spaces.searchSpaceContent(spaceId, { query: 'install' })).data.items;
    expect(found.map((p) => p.title)).toEqual(['Install']);
    expect(found[0]).toMatchObject({ rank: 1, description: '', ancestors: [{ title: 'Guide' }] });
    expect(found[0]!.score).toBeGreaterThan(0);
    expect(found[0]!.sections!.every((x) => x.score >= 0)).toBe(true);

    const org = (await api.orgs.searchOrganizationContent(s.org, { query: 'install' })).data.items;
    expect(org).toEqual([expect.objectContaining({ type: 'space', id: spaceId, score: found[0]!.score })]);
    const site = (await api.orgs.createSite(s.org, { title: 'Searchable', spaces: [spaceId] })).data;
    const bySite = (await api.orgs.searchSiteContent(s.org, site.id, { query: 'guide', scope: { mode: 'all' } })).data.items;
    const ranks = bySite.flatMap((x) => ('pages' in x ? x.pages.map((p) => p.rank) : [])).sort((a, b) => a - b);
    expect(ranks.length).toBeGreaterThan(1);
    expect(ranks).toEqual(ranks.map((_, i) => i + 1));
  });

  it('reads integrations and their installations', async () => {
    const name = 'newer-client';
    await s.client().integrations.publishIntegration(name, {
      organization: s.org,
      title: 'Newer',
      description: 'An integration',
      script: 'export default {}',
      scopes: ['space:content:read' as never],
      visibility: 'public' as never,
    });
    const api = s.newerClient().integrations;
    const integration = (await api.getIntegrationByName(name)).data;
    expect(integration.urls.publicContentEndpoint).toBe(integration.urls.publicEndpoint);
    const installation = (await api.installIntegration(name, { organization: s.org })).data;
    expect(installation.urls.publicContentEndpoint).toBe(installation.urls.publicEndpoint);
    const listed = (await api.listIntegrationInstallations(name)).data.items;
    expect(listed.map((i) => i.id)).toEqual([installation.id]);
  });

  it('reads OpenAPI specs, their content and translations', async () => {
    const api = s.newerClient().orgs;
    const text = JSON.stringify({ openapi: '3.0.0', info: { title: 'Pets', version: '1' }, paths: {} });
    await s.client().orgs.createOpenApiSpec(s.org, { slug: 'pets', source: { text } });
    await s.domain.jobs.runDue();
    const spec = (await api.getOpenApiSpecBySlug(s.org, 'pets')).data;
    expect(spec.lastProcessedErrorCount).toBe(0);
    const content = (await api.getOpenApiSpecVersionContentById(s.org, 'pets', spec.lastVersion!)).data;
    expect(content.urls).toEqual({ source: `${s.url}/v1/orgs/${s.org}/openapi/pets/versions/${spec.lastVersion}/content`, public: null });

    const created = (await s.client().orgs.createTranslation(s.org, { source: { space: spaceId, language: 'en' as never }, language: 'fr' as never })).data;
    expect((await api.getTranslation(s.org, created.id)).data).toMatchObject({ object: 'translation', language: 'fr' });
  });
});
