// What the server keeps from one read to the next (each token's caller and what it looked up, a caller's view of a
// space, a revision's page JSON) is dropped by the next write: through the official client, a read right after a
// write sees it, and a member removed or demoted is refused at once. Every read is made twice first, so it is kept.
import { ImportContentSource, MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();
const dataUrl = (type: string, text: string) => `data:${type};base64,${Buffer.from(text).toString('base64')}`;

async function spaceWithPages(title: string) {
  const api = s.client();
  const { data: space } = await api.orgs.createSpace(s.org, { title, template: { id: 'product-docs' } } as never);
  const { data: tree } = await api.spaces.listPages(space.id);
  const page = tree.pages.find((p) => p.type === 'document')!;
  return { space, page };
}

describe('reads kept between requests', () => {
  it('show a write to the space at once: the page, its tree and the revision read after it are the new ones', async () => {
    const api = s.client();
    const { space, page } = await spaceWithPages('Kept pages');
    const reads = async () => ({
      page: (await api.spaces.getPageById(space.id, page.id, { format: 'markdown' })).data,
      byPath: (await api.spaces.getPageByPath(space.id, page.path)).data,
      tree: (await api.spaces.listPages(space.id)).data,
      revision: (await api.spaces.getCurrentRevision(space.id)).data,
    });
    const before = await reads();
    expect(await reads()).toEqual(before);

    const { data: written } = await api.spaces.importContentInPageById(space.id, page.id, {
      source: ImportContentSource.Markdown,
      url: dataUrl('text/markdown', '---\ndescription: Written now\n---\n\n# Renamed by the write\n\nNew body.\n'),
    });
    const after = await reads();
    expect(written.revision).not.toBe(before.revision.id);
    expect(after.revision.id).toBe(written.revision);
    expect(after.page).toMatchObject({ title: 'Renamed by the write', description: 'Written now', markdown: 'New body.\n' });
    expect(after.byPath).toMatchObject({ id: page.id, title: 'Renamed by the write' });
    expect(JSON.stringify(after.tree)).toContain('Renamed by the write');
    expect(JSON.stringify(after.revision.pages)).toContain('Renamed by the write');
  });

  it('show a space renamed and a space deleted at once', async () => {
    const api = s.client();
    const { space, page } = await spaceWithPages('Kept space');
    for (let i = 0; i < 2; i++) {
      expect((await api.spaces.getSpaceById(space.id)).data.title).toBe('Kept space');
      expect((await api.spaces.getPageById(space.id, page.id)).status).toBe(200);
    }
    await api.spaces.updateSpaceById(space.id, { title: 'Renamed space' });
    expect((await api.spaces.getSpaceById(space.id)).data.title).toBe('Renamed space');
    await api.spaces.deleteSpaceById(space.id);
    expect(await statusOf(api.spaces.getPageById(space.id, page.id))).toBe(404);
    expect(await statusOf(api.spaces.listPages(space.id))).toBe(404);
  });

  it('refuse at once a member removed from the organization, or whose role on the space is taken back', async () => {
    const { space, page } = await spaceWithPages('Kept access');
    const api = s.client();
    const reader = await s.member('read');
    const invited = await s.member(null);
    await api.spaces.inviteToSpace(space.id, { role: MemberRole.Read, users: [invited.userId] });
    for (const token of [reader.token, invited.token])
      for (let i = 0; i < 2; i++) expect((await s.client(token).spaces.getPageById(space.id, page.id)).status).toBe(200);

    await api.spaces.removeUserFromSpace(space.id, invited.userId);
    expect(await statusOf(s.client(invited.token).spaces.getPageById(space.id, page.id))).toBe(403);

    expect((await s.client(reader.token).spaces.listPages(space.id)).status).toBe(200);
    await api.orgs.removeMemberFromOrganizationById(s.org, reader.userId);
    expect(await statusOf(s.client(reader.token).spaces.getPageById(space.id, page.id))).toBe(403);
    expect(await statusOf(s.client(reader.token).spaces.listPages(space.id))).toBe(403);
  });

  it('refuse at once a token whose user left every organization, and accept a new token at once', async () => {
    const member = await s.member('admin');
    const client = s.client(member.token);
    for (let i = 0; i < 2; i++) expect((await client.orgs.listOrganizationsForAuthenticatedUser()).data.items.map((o) => o.id)).toContain(s.org);
    await s.client().orgs.removeMemberFromOrganizationById(s.org, member.userId);
    expect((await client.orgs.listOrganizationsForAuthenticatedUser()).data.items.map((o) => o.id)).not.toContain(s.org);
    expect(await statusOf(client.orgs.getOrganizationById(s.org))).toBe(403);

    const { token } = await s.domain.users.createToken(member.userId, 'second');
    expect((await s.client(token).user.getAuthenticatedUser()).data.id).toBe(member.userId);
    expect(await statusOf(s.client(`${token}x`).user.getAuthenticatedUser())).toBe(401);
  });
});
