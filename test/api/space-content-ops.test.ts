// Space operations that carry content, through the official client: duplicateSpace (the whole content under new ids),
// transferSpace and transferCollection (revisions, files, change requests, comments and grants go along; sites hold
// on to their spaces), and listSpaceLinks (status filter, stats, pagination).
import { ContentReferenceStatus, MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

/** A space made from a built-in template. */
async function templateSpace(template: string, extra: { title?: string; parent?: string; org?: string } = {}) {
  const { org = s.org, ...rest } = extra;
  return (await s.client().orgs.createSpace(org, { ...rest, template: { id: template } } as never)).data;
}

/** POSTs changes to a change request (updateChangeRequestContent of @gitbook/api 0.202, not in the 0.143.2 client). */
async function writeContent(spaceId: string, crId: string, changes: unknown[]) {
  const response = await fetch(`${s.url}/v1/spaces/${spaceId}/change-requests/${crId}/content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  expect(response.status).toBe(200);
}

/** A change request with one new page; merged when asked. Returns its id. */
async function changeRequest(spaceId: string, title: string, merge = false): Promise<string> {
  const api = s.client();
  const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: `Add ${title}` });
  await writeContent(spaceId, cr.id, [{ operation: 'insert_page', title, document: { markdown: `# ${title}\n\nWombat ${title} paragraph.\n` } }]);
  if (merge) await api.spaces.mergeChangeRequest(spaceId, cr.id);
  return cr.id;
}

type Pages = Array<{ id: string; title: string; type: string; path?: string; pages?: Pages }>;
const flat = (pages: Pages): Pages => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);

async function bytesOf(url: string, token = s.ownerToken): Promise<Buffer> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Everything a reader sees of a space's content, for before/after comparisons. */
async function contentOf(spaceId: string, token?: string) {
  const api = s.client(token);
  const { data: revision } = await api.spaces.getCurrentRevision(spaceId);
  const files = await Promise.all(
    revision.files.map(async (f) => ({ name: f.name, id: f.id, bytes: (await bytesOf(f.downloadURL, token)).toString('base64') })),
  );
  const bodies = await Promise.all(
    flat(revision.pages as Pages)
      .filter((p) => p.type === 'document')
      .map(async (p) => [p.id, ((await api.spaces.getPageById(spaceId, p.id, { format: 'markdown' })).data as { markdown: string }).markdown]),
  );
  const crs = (await Promise.all((['open', 'merged'] as const).map((status) => api.spaces.listChangeRequestsForSpace(spaceId, { status: status as never }))))
    .flatMap((r) => r.data.items)
    .map((cr) => [cr.id, cr.number, cr.status, cr.revision]);
  const comments = (await api.spaces.listCommentsInSpace(spaceId)).data.items.map((c) => [c.id, c.body]);
  return {
    revision: revision.id,
    parents: revision.parents,
    pages: flat(revision.pages as Pages).map((p) => [p.id, p.title, p.path]),
    files,
    bodies,
    crs,
    comments,
  };
}

describe('duplicateSpace', () => {
  it('copies the whole content under new ids: the same tree, bodies, files, covers, links and search', async () => {
    const api = s.client();
    const original = await templateSpace('changelog', { title: 'Release notes' });
    const before = await contentOf(original.id);
    const response = await api.spaces.duplicateSpace(original.id);
    expect(response.status).toBe(201);
    const copy = response.data;
    expect(response.headers.get('location')).toBe(`${s.url}/v1/spaces/${copy.id}`);
    expect(copy).toMatchObject({ title: 'Release notes (copy)', organization: s.org, changeRequests: 0, comments: 0 });
    expect(copy.gitSync).toBeUndefined();

    const after = await contentOf(copy.id);
    expect(after.pages.map(([, title, path]) => [title, path])).toEqual(before.pages.map(([, title, path]) => [title, path]));
    expect(after.pages.filter(([id]) => before.pages.some(([old]) => old === id))).toEqual([]);
    expect(after.bodies.map(([, body]) => body)).toEqual(before.bodies.map(([, body]) => body));
    expect(after.files.map((f) => [f.name, f.bytes])).toEqual(before.files.map((f) => [f.name, f.bytes]));
    expect(after.files[0]!.id).not.toBe(before.files[0]!.id);

    // The cover of the copy's changelog page is the copy's own file.
    const copiedHome = (await api.spaces.getPageById(copy.id, after.pages[0]![0] as string)).data;
    expect(copiedHome.type === 'document' && copiedHome.cover?.ref).toEqual({ kind: 'file', file: after.files[0]!.id });
    const { data: coverUsers } = await api.spaces.listSpaceFileBacklinks(copy.id, after.files[0]!.id);
    expect(coverUsers.items.map((l) => l.kind === 'page' && l.page.id)).toEqual([after.pages[0]![0]]);

    const [links, copiedLinks] = await Promise.all([api.spaces.listSpaceLinks(original.id), api.spaces.listSpaceLinks(copy.id)]);
    expect(copiedLinks.data.stats).toEqual(links.data.stats);
    expect(copiedLinks.data.items.map((l) => [l.status, l.relation, l.targetReference?.kind])).toEqual(
      links.data.items.map((l) => [l.status, l.relation, l.targetReference?.kind]),
    );
    expect((await api.spaces.searchSpaceContent(copy.id, { query: 'faster search' })).data.items.map((h) => h.id)).toEqual([after.pages[0]![0]]);

    // The original did not move.
    expect(await contentOf(original.id)).toEqual(before);
  });

  it('starts the copy with no change requests or comments of its own, and leaves the original its own', async () => {
    const api = s.client();
    const original = await templateSpace('onboarding');
    await changeRequest(original.id, 'Open question');
    await api.spaces.postCommentInSpace(original.id, { body: { markdown: 'Looks good' } } as never);
    const { data: copy } = await api.spaces.duplicateSpace(original.id);
    expect(copy).toMatchObject({ changeRequests: 0, comments: 0 });
    expect((await api.spaces.getSpaceById(original.id)).data).toMatchObject({ changeRequests: 1, comments: 1 });
  });

  it('answers 404 for an unknown or deleted space and 403 without the right to create, and changes nothing', async () => {
    const api = s.client();
    const space = await templateSpace('api-reference');
    const gone = await templateSpace('api-reference');
    await api.spaces.deleteSpaceById(gone.id);
    const reader = await s.member('read');
    const snapshot = await s.store.snapshot();
    expect(await statusOf(api.spaces.duplicateSpace('nope'))).toBe(404);
    expect(await statusOf(api.spaces.duplicateSpace(gone.id))).toBe(404);
    expect(await statusOf(s.client(reader.token).spaces.duplicateSpace(space.id))).toBe(403);
    expect(await s.store.snapshot()).toEqual(snapshot);
  });
});

describe('transferSpace', () => {
  it('takes the revisions, files, change requests and comments along: readers of the new organization see all of it', async () => {
    const api = s.client();
    const space = await templateSpace('product-docs', { title: 'Moving docs' });
    await changeRequest(space.id, 'Merged page', true);
    await changeRequest(space.id, 'Pending page');
    await api.spaces.postCommentInSpace(space.id, { body: { markdown: 'Travel well' } } as never);
    const stayer = await s.member('read');
    const both = await s.member('read');
    await s.domain.organizations.ensureMember(s.otherOrg, both.userId, 'read');
    await api.spaces.inviteToSpace(space.id, { role: MemberRole.Edit, users: [stayer.userId, both.userId] });
    const before = await contentOf(space.id);
    expect(before.crs).toHaveLength(2);
    expect(before.parents.length).toBeGreaterThan(0);

    const { data: moved } = await api.spaces.transferSpace(space.id, { organization: s.otherOrg });
    expect(moved).toMatchObject({ id: space.id, organization: s.otherOrg, revision: before.revision, changeRequests: 2, changeRequestsOpen: 1, comments: 1 });

    const newcomer = await s.member('read', s.otherOrg);
    expect(await contentOf(space.id, newcomer.token)).toEqual(before);
    const { data: history } = await s.client(newcomer.token).spaces.getRevisionById(space.id, before.parents[0]!);
    expect(history.pages.length).toBeGreaterThan(0);
    expect((await s.client(newcomer.token).spaces.searchSpaceContent(space.id, { query: 'wombat' })).data.items.map((h) => h.title)).toEqual(['Merged page']);
    const pending = before.crs.find(([, , status]) => status === 'open')!;
    const { data: crPages } = await s.client(newcomer.token).spaces.listPagesInChangeRequest(space.id, pending[0] as string);
    expect(flat(crPages.pages as Pages).map((p) => p.title)).toContain('Pending page');

    // Only grants to people of the new organization stay; members of the old one lose the space.
    const users = (await api.spaces.listUserPermissionsInSpace(space.id)).data.items.map((u) => u.user.id);
    expect(users).toEqual([both.userId]);
    expect(await statusOf(s.client(stayer.token).spaces.getSpaceById(space.id))).toBe(403);
    expect((await api.orgs.listSpacesInOrganizationById(s.otherOrg)).data.items.map((x) => x.id)).toContain(space.id);
    expect((await api.orgs.listSpacesInOrganizationById(s.org)).data.items.map((x) => x.id)).not.toContain(space.id);
  });

  it('refuses with 412 a space a site shows, naming the site, and changes nothing; moves once it is removed from the site', async () => {
    const api = s.client();
    const space = await templateSpace('knowledge-base', { title: 'Published help' });
    const { data: site } = await api.orgs.createSite(s.org, { title: 'Help site', spaces: [space.id] } as never);
    const snapshot = await s.store.snapshot();
    const refused = await s.request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: s.otherOrg } });
    expect(refused.status).toBe(412);
    expect(refused.json.error.message).toContain(`"Help site" (${site.id})`);
    expect(await s.store.snapshot()).toEqual(snapshot);

    const { data: siteSpaces } = await api.orgs.listSiteSpaces(s.org, site.id);
    await api.orgs.deleteSiteSpaceById(s.org, site.id, siteSpaces.items[0]!.id);
    expect((await api.spaces.transferSpace(space.id, { organization: s.otherOrg })).data.organization).toBe(s.otherOrg);
  });

  it('answers 400 naming the field for a bad body, 404 for an unknown organization, and changes nothing', async () => {
    const space = await templateSpace('changelog');
    const snapshot = await s.store.snapshot();
    const missing = await s.request('POST', `/v1/spaces/${space.id}/transfer`, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toMatch(/organization/);
    expect((await s.request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: 42 } })).status).toBe(400);
    expect(await statusOf(s.client().spaces.transferSpace(space.id, { organization: 'nowhere' }))).toBe(404);
    expect(await s.store.snapshot()).toEqual(snapshot);
  });
});

describe('transferCollection', () => {
  it('moves nested collections and their spaces with all their content', async () => {
    const api = s.client();
    const { data: outer } = await api.orgs.createCollection(s.org, { title: 'Handbook' });
    const { data: inner } = await api.orgs.createCollection(s.org, { title: 'Teams', parent: outer.id });
    const first = await templateSpace('onboarding', { parent: outer.id });
    const second = await templateSpace('knowledge-base', { parent: inner.id });
    await changeRequest(second.id, 'Team page');
    const before = [await contentOf(first.id), await contentOf(second.id)];

    const { data: moved } = await api.collections.transferCollection(outer.id, { organization: s.otherOrg });
    expect(moved).toMatchObject({ id: outer.id, organization: s.otherOrg });
    expect((await api.collections.getCollectionById(inner.id)).data).toMatchObject({ organization: s.otherOrg, parent: outer.id });
    for (const space of [first, second])
      expect((await api.spaces.getSpaceById(space.id)).data).toMatchObject({ organization: s.otherOrg, visibility: 'in-collection' });
    const newcomer = await s.member('read', s.otherOrg);
    expect([await contentOf(first.id, newcomer.token), await contentOf(second.id, newcomer.token)]).toEqual(before);
  });

  it('refuses with 412 when a site shows one of its spaces, and changes nothing', async () => {
    const api = s.client();
    const { data: outer } = await api.orgs.createCollection(s.org, { title: 'Public' });
    const { data: inner } = await api.orgs.createCollection(s.org, { title: 'Deep', parent: outer.id });
    const space = await templateSpace('api-reference', { title: 'Deep API', parent: inner.id });
    await api.orgs.createSite(s.org, { title: 'API site', spaces: [space.id] } as never);
    const snapshot = await s.store.snapshot();
    const refused = await s.request('POST', `/v1/collections/${outer.id}/transfer`, { body: { organization: s.otherOrg } });
    expect(refused.status).toBe(412);
    expect(refused.json.error.message).toMatch(/Deep API .*"API site"/);
    expect(await s.store.snapshot()).toEqual(snapshot);
  });
});

describe('listSpaceLinks', () => {
  it('lists every link of a space with its status and relation, the stats of all of them, by status and a page at a time', async () => {
    const api = s.client();
    const space = await templateSpace('product-docs');
    const { data } = await api.spaces.listSpaceLinks(space.id);
    expect(data.count).toBe(data.items.length);
    expect(data.count).toBeGreaterThan(5);
    expect(data.stats).toEqual({ total: data.count, broken: { total: 0 } });
    expect(new Set(data.items.map((l) => l.status))).toEqual(new Set(['ok']));
    const { data: files } = await api.spaces.listFiles(space.id);
    const fileLinks = data.items.filter((l) => l.targetReference?.kind === 'file');
    expect(fileLinks.map((l) => l.targetReference?.kind === 'file' && l.targetReference.file.id)).toEqual([files.items[0]!.id]);
    const quickstart = data.items.find((l) => l.targetReference?.kind === 'page' && !l.targetReference.internalLocation && l.locationReferences.length > 2)!;
    expect(quickstart.relation).toBe('reference');
    const anchored = data.items.find((l) => l.targetReference?.kind === 'page' && l.targetReference.internalLocation);
    expect(anchored?.targetReference).toMatchObject({ internalLocation: { type: 'anchor', anchor: 'create-a-project' } });

    const ok = await api.spaces.listSpaceLinks(space.id, { status: ContentReferenceStatus.Ok });
    expect(ok.data.items).toEqual(data.items);
    for (const status of [ContentReferenceStatus.Broken, ContentReferenceStatus.InApp]) {
      const { data: none } = await api.spaces.listSpaceLinks(space.id, { status });
      expect(none).toMatchObject({ items: [], count: 0, stats: data.stats });
    }
    const seen: unknown[] = [];
    let page: string | undefined;
    do {
      const { data: part } = await api.spaces.listSpaceLinks(space.id, { limit: 3, ...(page ? { page } : {}) });
      expect(part.stats).toEqual(data.stats);
      seen.push(...part.items);
      page = part.next?.page;
    } while (page);
    expect(seen).toEqual(data.items);
  });

  it('reports a link that points nowhere as broken once it is merged', async () => {
    const api = s.client();
    const space = await templateSpace('changelog');
    const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: 'Dangling' });
    await writeContent(space.id, cr.id, [
      {
        operation: 'insert_page',
        title: 'Roadmap',
        document: { markdown: '# Roadmap\n\nSee [the plan](plan.md) and [the app](https://app.gitbook.com/o/x/s/y/).\n' },
      },
    ]);
    await api.spaces.mergeChangeRequest(space.id, cr.id);
    const { data } = await api.spaces.listSpaceLinks(space.id);
    expect(data.stats.broken.total).toBe(1);
    // The changelog's cover: a file the page shows, not one it points to.
    expect(data.items.find((l) => l.targetReference?.kind === 'file')?.relation).toBe('dependsOn');
    const { data: broken } = await api.spaces.listSpaceLinks(space.id, { status: ContentReferenceStatus.Broken });
    expect(broken.items.map((l) => l.targetReference)).toEqual([{ kind: 'url', url: 'plan.md' }]);
    expect(broken.items[0]!.locationReferences.map((l) => l.kind === 'page' && l.page.title)).toEqual(['Roadmap']);
    const { data: inApp } = await api.spaces.listSpaceLinks(space.id, { status: ContentReferenceStatus.InApp });
    expect(inApp.items.map((l) => l.targetReference)).toEqual([{ kind: 'url', url: 'https://app.gitbook.com/o/x/s/y/' }]);
  });

  it('answers 404 for an unknown or deleted space, 403 without access, and 400 for a bad status', async () => {
    const api = s.client();
    const space = await templateSpace('onboarding');
    const gone = await templateSpace('onboarding');
    await api.spaces.deleteSpaceById(gone.id);
    expect(await statusOf(api.spaces.listSpaceLinks('nope'))).toBe(404);
    expect(await statusOf(api.spaces.listSpaceLinks(gone.id))).toBe(404);
    expect(await statusOf(s.client((await s.member('none')).token).spaces.listSpaceLinks(space.id))).toBe(403);
    const bad = await s.request('GET', `/v1/spaces/${space.id}/links?status=gone`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^status: /);
  });
});
