import { TranslationLanguage } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { useServer, statusOf } from '../helpers/server.js';

const s = useServer();

describe('spaces through the official client', () => {
  it('creates, reads, updates and lists spaces', async () => {
    const api = s.client();
    const { data: created, headers } = await api.orgs.createSpace(s.org, { title: 'Guides', emoji: '📘', language: TranslationLanguage.En });
    expect(headers.get('location')).toBe(`${s.url}/v1/spaces/${created.id}`);
    expect(created).toMatchObject({
      object: 'space',
      title: 'Guides',
      emoji: '📘',
      language: 'en',
      organization: s.org,
      editMode: 'live',
      visibility: 'private',
    });
    expect(created.permissions).toMatchObject({ view: true, admin: true, edit: true });

    const { data: got } = await api.spaces.getSpaceById(created.id);
    expect(got.revision).toBe(created.revision);

    const { data: patched } = await api.spaces.updateSpaceById(created.id, { title: 'User guides', editMode: 'locked' } as never);
    expect(patched).toMatchObject({ title: 'User guides', editMode: 'locked' });
    expect(patched.permissions.edit).toBe(false);

    const { data: listed } = await api.orgs.listSpacesInOrganizationById(s.org);
    expect(listed.items.map((x) => x.id)).toContain(created.id);
    expect(listed.count).toBe(listed.items.length);
  });

  it('paginates with opaque tokens and omits next on the last page', async () => {
    const api = s.client();
    const { data: org } = await api.orgs.createCollection(s.org, { title: 'Paged' });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { data } = await api.orgs.createSpace(s.org, { title: `P${i}`, parent: org.id });
      ids.push(data.id);
    }
    const seen: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const { data } = await api.collections.listSpacesInCollectionById(org.id, { limit: 3, ...(page ? { page } : {}) });
      expect(data.count).toBe(7);
      seen.push(...data.items.map((x) => x.id));
      page = data.next?.page;
      pages++;
    } while (page);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
    expect(await statusOf(api.collections.listSpacesInCollectionById(org.id, { page: 'garbage!' }))).toBe(400);
    expect(await statusOf(api.collections.listSpacesInCollectionById(org.id, { limit: 1001 }))).toBe(400);
  });

  it('moves a space before and after others, and rejects bad moves', async () => {
    const api = s.client();
    const { data: col } = await api.orgs.createCollection(s.org, { title: 'Order' });
    // One after another: spaces created at once take the next positions in whichever order their writes land.
    const made = [];
    for (const t of ['A', 'B', 'C']) made.push((await api.orgs.createSpace(s.org, { title: t, parent: col.id })).data);
    const [a, b, c] = made;
    const order = async () => (await api.collections.listSpacesInCollectionById(col.id)).data.items.map((x) => x.title);
    expect(await order()).toEqual(['A', 'B', 'C']);

    await api.spaces.moveSpace(c!.id, { position: { before: { type: 'space', space: a!.id } } });
    expect(await order()).toEqual(['C', 'A', 'B']);
    await api.spaces.moveSpace(c!.id, { position: { after: { type: 'space', space: b!.id } } });
    expect(await order()).toEqual(['A', 'B', 'C']);

    expect(await statusOf(api.spaces.moveSpace(c!.id, { position: { after: { type: 'space', space: b!.id } } }))).toBe(409);
    expect(await statusOf(api.spaces.moveSpace(c!.id, { parent: col.id }))).toBe(409);
    expect(await statusOf(api.spaces.moveSpace(c!.id, { position: { before: { type: 'space', space: 'nope' } } }))).toBe(400);
    expect(await statusOf(api.spaces.moveSpace(c!.id, { parent: 'no-such-collection' }))).toBe(400);
    expect(await statusOf(api.spaces.moveSpace('no-such-space', { parent: null }))).toBe(404);

    const { data: moved } = await api.spaces.moveSpace(a!.id, { parent: null });
    expect(moved.parent).toBeUndefined();
    expect(moved.visibility).toBe('private');
    expect(await order()).toEqual(['B', 'C']);
  });

  it('duplicates a space next to the original', async () => {
    const api = s.client();
    const { data: original } = await api.orgs.createSpace(s.org, { title: 'Original', emoji: '🎉' });
    const response = await api.spaces.duplicateSpace(original.id);
    expect(response.status).toBe(201);
    expect(response.data).toMatchObject({ title: 'Original (copy)', emoji: '🎉', organization: s.org });
    expect(response.data.id).not.toBe(original.id);
    expect(response.data.revision).not.toBe(original.revision);
  });

  it('transfers a space to another organization, with the errors of the spec', async () => {
    const api = s.client();
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Travelling' });
    expect(await statusOf(api.spaces.transferSpace(space.id, { organization: s.org }))).toBe(409);
    const { data: moved } = await api.spaces.transferSpace(space.id, { organization: s.otherOrg });
    expect(moved.organization).toBe(s.otherOrg);
    expect(await statusOf(api.spaces.transferSpace('missing', { organization: s.org }))).toBe(404);

    await api.spaces.deleteSpaceById(moved.id);
    expect(await statusOf(api.spaces.transferSpace(moved.id, { organization: s.org }))).toBe(412);
  });

  it('rejects invalid bodies with 400 naming the field, and changes nothing', async () => {
    const { data: space } = await s.client().orgs.createSpace(s.org, { title: 'Stable' });
    const before = await s.store.snapshot();
    const cases: unknown[] = [{ title: 'x'.repeat(51) }, { editMode: 'frozen' }, { language: 'klingon' }, { defaultLevel: 'owner' }];
    for (const body of cases) {
      const r = await s.request('PATCH', `/v1/spaces/${space.id}`, { body });
      expect(r.status).toBe(400);
      expect(r.json.error.message).toMatch(/title|editMode|language|defaultLevel/);
    }
    expect((await s.request('PATCH', `/v1/spaces/${space.id}`, { rawBody: '{"title": ' })).status).toBe(400);
    expect((await s.request('PATCH', `/v1/spaces/${space.id}`, {})).status).toBe(400);
    expect(await s.store.snapshot()).toEqual(before);
  });

  it('answers 400 naming the field for an unknown template, 501 for a computed source, rather than ignoring them', async () => {
    const r = await s.request('POST', `/v1/orgs/${s.org}/spaces`, { body: { title: 'T', template: { id: 'x' } } });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toMatch(/^template\.id: no template "x"/);
    const computed = await s.request('POST', `/v1/orgs/${s.org}/spaces`, {
      body: { title: 'T', computedSource: { type: 'builtin:openapi', props: {}, dependencies: {} } },
    });
    expect(computed.status).toBe(501);
  });
});
