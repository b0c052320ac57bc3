import { MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { useServer, statusOf } from '../helpers/server.js';

const s = useServer();

describe('collections through the official client', () => {
  it('creates nested collections and lists them with and without nesting', async () => {
    const api = s.client();
    const { data: top, headers } = await api.orgs.createCollection(s.org, { title: 'Top' });
    expect(headers.get('location')).toBe(`${s.url}/v1/collections/${top.id}`);
    const { data: child } = await api.orgs.createCollection(s.org, { title: 'Child', parent: top.id });
    expect(child.parent).toBe(top.id);

    const nested = (await api.orgs.listCollectionsInOrganizationById(s.org)).data.items.map((c) => c.id);
    expect(nested).toEqual(expect.arrayContaining([top.id, child.id]));
    const flat = (await api.orgs.listCollectionsInOrganizationById(s.org, { nested: false })).data.items.map((c) => c.id);
    expect(flat).toContain(top.id);
    expect(flat).not.toContain(child.id);
  });

  it('updates title, description and default level, and validates their limits', async () => {
    const api = s.client();
    const { data: c } = await api.orgs.createCollection(s.org, { title: 'Edit me' });
    const { data: updated } = await api.collections.updateCollectionById(c.id, { title: 'Edited', description: 'About it', defaultLevel: MemberRole.Read });
    expect(updated).toMatchObject({ title: 'Edited', description: 'About it', defaultLevel: 'read' });
    expect(await statusOf(api.collections.updateCollectionById(c.id, { title: 'x'.repeat(51) }))).toBe(400);
    expect(await statusOf(api.collections.updateCollectionById(c.id, { description: 'x'.repeat(101) }))).toBe(400);
    expect((await api.collections.getCollectionById(c.id)).data.title).toBe('Edited');
  });

  it('deletes a collection: 205 then 404 (the id names nothing), and its spaces become deleted but restorable', async () => {
    const api = s.client();
    const { data: c } = await api.orgs.createCollection(s.org, { title: 'Doomed' });
    const { data: inner } = await api.orgs.createCollection(s.org, { title: 'Inner', parent: c.id });
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Inside', parent: inner.id });
    expect((await api.collections.deleteCollectionById(c.id)).status).toBe(205);
    expect(await statusOf(api.collections.deleteCollectionById(c.id))).toBe(404);
    expect(await statusOf(api.collections.getCollectionById(inner.id))).toBe(404);
    expect((await api.spaces.getSpaceById(space.id)).data.deletedAt).toBeDefined();
    const { data: restored } = await api.spaces.restoreSpace(space.id);
    expect(restored.parent).toBeUndefined();
    expect(restored.deletedAt).toBeUndefined();
  });

  it('moves collections with the errors of the spec', async () => {
    const api = s.client();
    const { data: a } = await api.orgs.createCollection(s.org, { title: 'A' });
    const { data: b } = await api.orgs.createCollection(s.org, { title: 'B', parent: a.id });
    expect(await statusOf(api.collections.moveCollection(a.id, { parent: b.id }))).toBe(400);
    expect(await statusOf(api.collections.moveCollection(a.id, { parent: a.id }))).toBe(400);
    expect(await statusOf(api.collections.moveCollection(b.id, { parent: a.id }))).toBe(409);
    expect(await statusOf(api.collections.moveCollection('missing', { parent: null }))).toBe(404);
    const { data: moved } = await api.collections.moveCollection(b.id, { parent: null });
    expect(moved.parent).toBeUndefined();
    const { data: back } = await api.collections.moveCollection(b.id, { position: { before: { type: 'collection', collection: a.id } } });
    expect(back.parent).toBeUndefined();
  });

  it('transfers a collection with its spaces to another organization', async () => {
    const api = s.client();
    const { data: c } = await api.orgs.createCollection(s.org, { title: 'Moving' });
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Passenger', parent: c.id });
    expect(await statusOf(api.collections.transferCollection(c.id, { organization: s.org }))).toBe(409);
    expect(await statusOf(api.collections.transferCollection('missing', { organization: s.otherOrg }))).toBe(404);
    const { data: moved } = await api.collections.transferCollection(c.id, { organization: s.otherOrg });
    expect(moved.organization).toBe(s.otherOrg);
    expect((await api.spaces.getSpaceById(space.id)).data.organization).toBe(s.otherOrg);

    const { data: c2 } = await api.orgs.createCollection(s.otherOrg, { title: 'Has deleted' });
    const { data: sp2 } = await api.orgs.createSpace(s.otherOrg, { title: 'Gone', parent: c2.id });
    await api.spaces.deleteSpaceById(sp2.id);
    expect(await statusOf(api.collections.transferCollection(c2.id, { organization: s.org }))).toBe(412);
  });
});
