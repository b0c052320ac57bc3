import { describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

describe('a user outside all of the caller’s organizations is shown without email', () => {
  it('getUserById: a member of another organization cannot read a user by id, nor its email', async () => {
    const stranger = await s.member('admin', s.otherOrg);
    const target = await s.member('edit');
    const response = await s.request('GET', `/v1/users/${target.userId}`, { token: stranger.token });
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('@');
    // The caller's own user and the users of a shared organization keep their email.
    expect((await s.client(stranger.token).user.getAuthenticatedUser()).data.email).toMatch(/@/);
    const colleague = await s.member('read', s.otherOrg);
    expect((await s.client(stranger.token).users.getUserById(colleague.userId)).data.email).toMatch(/@/);
  });

  it('authors who left the organization: their comments and change requests show no email; members lists keep theirs', async () => {
    const api = s.client();
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Privacy' });
    const author = await s.member('edit');
    const authorApi = s.client(author.token);
    const { data: comment } = await authorApi.spaces.postCommentInSpace(space.id, { body: { markdown: 'Mine' } });
    const { data: cr } = await authorApi.spaces.createChangeRequest(space.id, { subject: 'Mine' });
    const authorEmail = (await authorApi.user.getAuthenticatedUser()).data.email!;

    // While they share the organization, the owner sees the author's email, and so does the members list.
    expect((await api.spaces.getCommentInSpace(space.id, comment.id)).data.postedBy.email).toBe(authorEmail);
    const members = (await api.orgs.listMembersInOrganizationById(s.org, { limit: 1000 })).data.items;
    expect(members.find((m) => m.user.id === author.userId)?.user.email).toBe(authorEmail);

    expect(await statusOf(api.orgs.removeMemberFromOrganizationById(s.org, author.userId))).toBe(205);
    const shown = [
      (await api.spaces.getCommentInSpace(space.id, comment.id)).data.postedBy,
      (await api.spaces.listCommentsInSpace(space.id)).data.items.find((c) => c.id === comment.id)!.postedBy,
      (await api.spaces.getChangeRequestById(space.id, cr.id)).data.createdBy,
    ];
    for (const user of shown) {
      expect(user).toMatchObject({ object: 'user', id: author.userId });
      expect(user.email).toBeUndefined();
    }
    const raw = await s.request('GET', `/v1/spaces/${space.id}/comments/${comment.id}`);
    expect(raw.text).not.toContain(authorEmail);
    expect(await statusOf(api.users.getUserById(author.userId))).toBe(404);
  });
});
