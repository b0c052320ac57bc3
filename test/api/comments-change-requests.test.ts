// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { type SeededSpace, seedNormalizationSpace } from '../helpers/content.js';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();
let space: SeededSpace;
beforeAll(async () => {
  space = await seedNormalizationSpace(s);
});

describe('comments in a change request', () => {
  it('keeps their own discussion, by change request id or number, with its own counter', async () => {
    const api = s.client().spaces;
    const commenter = await s.member('comment');
    const mine = s.client(commenter.token).spaces;
    const { data: cr } = await api.createChangeRequest(space.spaceId, { subject: 'Review lists' });
    const lists = space.page('lists.md');

    const { data: posted } = await api.postCommentInChangeRequest(space.spaceId, String(cr.number), { page: lists, body: { markdown: 'In the CR' } });
    expect(posted.target).toMatchObject({ space: space.spaceId, changeRequest: cr.id, revision: cr.revision, page: { id: lists, outdated: false } });
    expect(posted.urls.location).toContain(`/change-requests/${cr.id}/comments/${posted.id}`);
    expect((await api.getChangeRequestById(space.spaceId, cr.id)).data.comments).toBe(1);
    expect((await api.listCommentsInSpace(space.spaceId)).data.items).toEqual([]);
    expect(await statusOf(api.getCommentInSpace(space.spaceId, posted.id))).toBe(404);

    const { data: answer } = await mine.postCommentReplyInChangeRequest(
      space.spaceId,
      cr.id,
      posted.id,
      { body: { markdown: 'Agreed' } },
      { format: 'document' },
    );
    expect('document' in answer.body).toBe(true);
    const { data: replies } = await api.listCommentRepliesInChangeRequest(space.spaceId, cr.id, posted.id);
    expect(replies.items.map((r) => r.id)).toEqual([answer.id]);
    await mine.updateCommentReplyInChangeRequest(space.spaceId, cr.id, posted.id, answer.id, { addedReactions: ['🚀'] });
    expect((await api.getCommentReplyInChangeRequest(space.spaceId, cr.id, posted.id, answer.id)).data.reactions).toMatchObject([{ emoji: '🚀', count: 1 }]);

    const { data: list } = await api.listCommentsInChangeRequest(space.spaceId, cr.id, { authors: [s.ownerId], status: 'open', targetPage: lists });
    expect(list.items.map((c) => [c.id, c.replies])).toEqual([[posted.id, 1]]);
    const { data: commenters } = await api.listCommentersInChangeRequest(space.spaceId, cr.id);
    expect(commenters.items.map((m) => m.user.id)).toEqual([s.ownerId, commenter.userId]);

    await mine.updateCommentInChangeRequest(space.spaceId, cr.id, posted.id, { resolved: true });
    expect((await api.getChangeRequestById(space.spaceId, cr.id)).data.comments).toBe(0);
    expect(await statusOf(mine.deleteCommentInChangeRequest(space.spaceId, cr.id, posted.id))).toBe(403);
    expect((await mine.deleteCommentReplyInChangeRequest(space.spaceId, cr.id, posted.id, answer.id)).status).toBe(205);
    expect((await api.deleteCommentInChangeRequest(space.spaceId, cr.id, posted.id)).status).toBe(205);
    expect((await api.deleteCommentInChangeRequest(space.spaceId, cr.id, posted.id)).status).toBe(204);
    expect(await statusOf(api.listCommentsInChangeRequest(space.spaceId, '999'))).toBe(404);
  });
});
