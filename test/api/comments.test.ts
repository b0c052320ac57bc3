// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import type { Comment, JSONDocument } from '@gitbook/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SeededSpace, seedNormalizationSpace } from '../helpers/content.js';
import { statusOf, type TestServer, useServer } from '../helpers/server.js';

const s = useServer();
let space: SeededSpace;
beforeAll(async () => {
  space = await seedNormalizationSpace(s);
});

const comments = (token?: string) => s.client(token).spaces;
const post = (body: unknown, token?: string) => s.request('POST', `/v1/spaces/${space.spaceId}/comments`, { body, ...(token ? { token } : {}) });

/** Every key of the blocks of a document, and its tables. */
function blocksOf(document: JSONDocument): { keys: string[]; tables: { data: Record<string, Record<string, unknown>> }[] } {
  const keys: string[] = [];
  const tables: { data: Record<string, Record<string, unknown>> }[] = [];
  const visit = (node: { key?: string; type?: string; nodes?: unknown[]; fragments?: unknown[]; data?: unknown }) => {
    if (node.key && node.type) keys.push(node.key);
    if (node.type === 'table') tables.push(node as (typeof tables)[number]);
    for (const child of [...(node.nodes ?? []), ...(node.fragments ?? [])]) visit(child as typeof node);
  };
  document.nodes.forEach((n) => visit(n as Parameters<typeof visit>[0]));
  return { keys, tables };
}

describe('a discussion on a page', () => {
  it('posts, replies, reacts, unreacts, resolves, reopens, edits and deletes', async () => {
    const commenter = await s.member('comment');
    const reader = await s.member('read');
    const lists = space.page('lists.md');

    const { data: posted } = await comments().postCommentInSpace(space.spaceId, { page: lists, body: { markdown: 'Is **this** list _complete_?' } });
    expect(posted).toMatchObject({
      object: 'comment',
      status: 'open',
      replies: 0,
      reactions: [],
      body: { markdown: 'Is **this** list _complete_?' },
      target: { space: space.spaceId, revision: space.revisionId, page: { id: lists, title: 'Lists', path: 'lists', outdated: false } },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect((await comments().getSpaceById(space.spaceId)).data.comments).toBe(1);

    const { data: asDocument } = await comments(reader.token).getCommentInSpace(space.spaceId, posted.id, { format: 'document' });
    expect('document' in asDocument.body && asDocument.body.document.nodes[0]).toMatchObject({ object: 'block', type: 'paragraph' });
    expect(asDocument.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });

    const { data: answer } = await comments(commenter.token).postCommentReplyInSpace(space.spaceId, posted.id, { body: { markdown: 'Almost.' } });
    expect(answer).toMatchObject({ object: 'comment-reply', body: { markdown: 'Almost.' }, postedBy: { id: commenter.userId } });
    const { data: withReply } = await comments().getCommentInSpace(space.spaceId, posted.id);
    expect(withReply.replies).toBe(1);
    expect((withReply as Comment & { repliers: { user: { id: string }; count: number }[] }).repliers).toMatchObject([
      { user: { id: commenter.userId }, count: 1 },
    ]);

    await comments(commenter.token).updateCommentInSpace(space.spaceId, posted.id, { addedReactions: ['👍', '🎉'] });
    const { data: reacted } = await comments().updateCommentInSpace(space.spaceId, posted.id, { addedReactions: ['👍'] });
    expect(reacted.reactions.map((r) => [r.emoji, r.count]).sort()).toEqual([
      ['🎉', 1],
      ['👍', 2],
    ]);
    expect(reacted.reactions.find((r) => r.emoji === '👍')!.users.map((u) => u.user.id)).toEqual([commenter.userId, s.ownerId]);
    const { data: unreacted } = await comments(commenter.token).updateCommentInSpace(space.spaceId, posted.id, { removedReactions: ['👍', '🎉'] });
    expect(unreacted.reactions).toMatchObject([{ emoji: '👍', count: 1, users: [{ user: { id: s.ownerId } }] }]);

    const { data: resolved } = await comments(commenter.token).updateCommentInSpace(space.spaceId, posted.id, { resolved: true });
    expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: { id: commenter.userId } });
    expect(resolved.status === 'resolved' && Date.parse(resolved.resolvedAt)).toBeGreaterThan(0);
    expect((await comments().getSpaceById(space.spaceId)).data.comments).toBe(0);
    const { data: reopened } = await comments().updateCommentInSpace(space.spaceId, posted.id, { resolved: false });
    expect(reopened.status).toBe('open');
    expect(reopened).not.toHaveProperty('resolvedAt');

    const { data: edited } = await comments().updateCommentInSpace(space.spaceId, posted.id, { body: { markdown: 'Is this list complete?' } });
    expect(edited.body).toEqual({ markdown: 'Is this list complete?' });
    expect(edited.editedAt).toBeDefined();
    const { data: editedReply } = await comments(commenter.token).updateCommentReplyInSpace(space.spaceId, posted.id, answer.id, {
      body: { markdown: 'Yes.' },
      addedReactions: ['✅'],
    });
    expect(editedReply).toMatchObject({ body: { markdown: 'Yes.' }, reactions: [{ emoji: '✅', count: 1 }] });

    const { data: replies } = await comments().listCommentRepliesInSpace(space.spaceId, posted.id, { format: 'markdown' });
    expect(replies.items.map((r) => r.body)).toEqual([{ markdown: 'Yes.' }]);
    expect((await comments().getCommentReplyInSpace(space.spaceId, posted.id, answer.id)).data.id).toBe(answer.id);

    expect((await comments().deleteCommentReplyInSpace(space.spaceId, posted.id, answer.id)).status).toBe(205);
    expect((await comments().deleteCommentReplyInSpace(space.spaceId, posted.id, answer.id)).status).toBe(204);
    expect((await comments().getCommentInSpace(space.spaceId, posted.id)).data.replies).toBe(0);
    expect((await comments().deleteCommentInSpace(space.spaceId, posted.id)).status).toBe(205);
    expect((await comments().deleteCommentInSpace(space.spaceId, posted.id)).status).toBe(204);
    expect(await statusOf(comments().getCommentInSpace(space.spaceId, posted.id))).toBe(404);
    expect((await comments().getSpaceById(space.spaceId)).data.comments).toBe(0);
  });

  it('anchors comments on a block and on a table cell, and takes document bodies', async () => {
    const tablesPage = space.page('tables.md');
    const { data: page } = await s.client().spaces.getPageById(space.spaceId, tablesPage, { format: 'document' });
    const { keys, tables } = blocksOf((page as { document: JSONDocument }).document);
    const table = tables[0]!;
    const record = Object.keys(table.data.records!)[0]!;
    const definition = Object.keys(table.data.definition!)[0]!;

    const { data: onNode } = await comments().postCommentInSpace(space.spaceId, { page: tablesPage, node: keys[0]!, body: { markdown: 'This block.' } });
    expect(onNode.target).toMatchObject({ page: { id: tablesPage }, node: { id: keys[0] } });
    const { data: onCell } = await comments().postCommentInSpace(space.spaceId, {
      page: tablesPage,
      tableCell: { record, definition },
      body: { markdown: 'This cell.' },
    });
    expect(onCell.target.tableCell).toEqual({ record, definition });

    const { data: asDocument } = await comments().getCommentInSpace(space.spaceId, onNode.id, { format: 'document' });
    const document = (asDocument.body as { document: JSONDocument }).document;
    const { data: fromDocument } = await comments().postCommentInSpace(space.spaceId, { body: { document } });
    expect(fromDocument.body).toEqual({ markdown: 'This block.\n' });
    expect(fromDocument.target).toEqual({ space: space.spaceId, revision: space.revisionId });
  });
});

describe('listing comments', () => {
  let other: Awaited<ReturnType<TestServer['member']>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { data: created } = await s.client().orgs.createSpace(s.org, { title: 'Filters' });
    ids.space = created.id;
    other = await s.member('comment');
    for (let i = 0; i < 5; i++) {
      const token = i % 2 ? other.token : undefined;
      const { data } = await comments(token).postCommentInSpace(created.id, { body: { markdown: `Comment ${i}` } });
      ids[`c${i}`] = data.id;
    }
    await comments().updateCommentInSpace(created.id, ids.c0!, { resolved: true });
    await comments().updateCommentInSpace(created.id, ids.c3!, { resolved: true });
  });

  const bodies = (items: Comment[]) => items.map((c) => (c.body as { markdown: string }).markdown);

  it('orders newest first by default, oldest first on asc, and pages without repeats', async () => {
    const { data: desc } = await comments().listCommentsInSpace(ids.space!);
    expect(bodies(desc.items)).toEqual(['Comment 4', 'Comment 3', 'Comment 2', 'Comment 1', 'Comment 0']);
    expect(desc.count).toBe(5);
    expect(desc.next).toBeUndefined();

    const seen: string[] = [];
    let page: string | undefined;
    do {
      const { data } = await comments().listCommentsInSpace(ids.space!, { order: 'asc', limit: 2, ...(page ? { page } : {}) });
      expect(data.count).toBe(5);
      seen.push(...bodies(data.items));
      page = data.next?.page;
    } while (page);
    expect(seen).toEqual(['Comment 0', 'Comment 1', 'Comment 2', 'Comment 3', 'Comment 4']);
  });

  it('filters by status, author and target page', async () => {
    const list = async (query: Parameters<ReturnType<typeof comments>['listCommentsInSpace']>[1]) =>
      bodies((await comments().listCommentsInSpace(ids.space!, { order: 'asc', ...query })).data.items);
    expect(await list({ status: 'resolved' })).toEqual(['Comment 0', 'Comment 3']);
    expect(await list({ status: 'open' })).toEqual(['Comment 1', 'Comment 2', 'Comment 4']);
    expect(await list({ authors: [other.userId] })).toEqual(['Comment 1', 'Comment 3']);
    expect(await list({ authors: [other.userId, s.ownerId], status: 'open' })).toEqual(['Comment 1', 'Comment 2', 'Comment 4']);
    expect(await list({ targetPage: 'nope' })).toEqual([]);
    expect((await comments().getSpaceById(ids.space!)).data.comments).toBe(3);

    const lists = space.page('lists.md');
    await comments().postCommentInSpace(space.spaceId, { page: lists, body: { markdown: 'On lists' } });
    const { data: onPage } = await comments().listCommentsInSpace(space.spaceId, { targetPage: lists });
    expect(bodies(onPage.items)).toEqual(['On lists']);
  });

  it('lists the commenters as organization members', async () => {
    const { data } = await comments().listCommentersInSpace(ids.space!);
    expect(data.items.map((m) => m.user.id)).toEqual([s.ownerId, other.userId]);
    expect(data.items[0]).toMatchObject({ object: 'member', role: 'admin' });
  });
});

describe('permissions', () => {
  it('needs comment to post, lets authors change their own and admins any', async () => {
    const reader = await s.member('read');
    const author = await s.member('comment');
    const stranger = await s.member('comment');
    const outsider = await s.member('none');
    const body = { markdown: 'Mine' };

    expect(await statusOf(comments(reader.token).postCommentInSpace(space.spaceId, { body }))).toBe(403);
    expect(await statusOf(comments(outsider.token).listCommentsInSpace(space.spaceId))).toBe(403);
    expect((await comments(reader.token).listCommentsInSpace(space.spaceId)).status).toBe(200);

    const { data: mine } = await comments(author.token).postCommentInSpace(space.spaceId, { body });
    const { data: edited } = await comments(author.token).updateCommentInSpace(space.spaceId, mine.id, { body: { markdown: 'Mine, edited' } });
    expect(edited.permissions).toMatchObject({ edit: true, delete: true });
    expect((await comments(stranger.token).getCommentInSpace(space.spaceId, mine.id)).data.permissions).toMatchObject({
      edit: false,
      delete: false,
      reply: true,
    });
    expect(await statusOf(comments(stranger.token).updateCommentInSpace(space.spaceId, mine.id, { body }))).toBe(403);
    expect(await statusOf(comments(stranger.token).deleteCommentInSpace(space.spaceId, mine.id))).toBe(403);
    expect(await statusOf(comments(reader.token).updateCommentInSpace(space.spaceId, mine.id, { addedReactions: ['👍'] }))).toBe(403);
    expect(await statusOf(comments(reader.token).postCommentReplyInSpace(space.spaceId, mine.id, { body }))).toBe(403);

    const { data: answer } = await comments(stranger.token).postCommentReplyInSpace(space.spaceId, mine.id, { body });
    expect(await statusOf(comments(author.token).updateCommentReplyInSpace(space.spaceId, mine.id, answer.id, { body }))).toBe(403);
    expect(await statusOf(comments(author.token).deleteCommentReplyInSpace(space.spaceId, mine.id, answer.id))).toBe(403);
    expect((await comments().updateCommentReplyInSpace(space.spaceId, mine.id, answer.id, { body: { markdown: 'By the admin' } })).status).toBe(200);

    const { data: byAdmin } = await comments().updateCommentInSpace(space.spaceId, mine.id, { body: { markdown: 'Moderated' } });
    expect(byAdmin.body).toEqual({ markdown: 'Moderated' });
    expect((await comments(author.token).deleteCommentInSpace(space.spaceId, mine.id)).status).toBe(205);
  });
});

describe('bad input', () => {
  it('rejects comment bodies of every wrong shape, naming the field', async () => {
    const shapes: unknown[] = [
      {},
      { body: 'text' },
      { body: null },
      { body: {} },
      { body: { markdown: 5 } },
      { body: { markdown: '' } },
      { body: { markdown: '  \n' } },
      { body: { markdown: 'a', document: { object: 'document', data: {}, nodes: [] } } },
      { body: { document: { object: 'document', data: {}, nodes: [] } } },
      { body: { document: { object: 'document', nodes: 'x' } } },
      { body: { markdown: 'x'.repeat(70_000) } },
    ];
    for (const shape of shapes) {
      const { status, json } = await post(shape);
      expect([status, shape]).toEqual([400, shape]);
      expect(json.error.message).toMatch(/body/);
    }
    const { data: one } = await comments().postCommentInSpace(space.spaceId, { body: { markdown: 'ok' } });
    const update = await s.request('PUT', `/v1/spaces/${space.spaceId}/comments/${one.id}`, { body: { body: { markdown: '' } } });
    expect(update.status).toBe(400);
    const reply = await s.request('POST', `/v1/spaces/${space.spaceId}/comments/${one.id}/replies`, { body: { body: { markdown: 'y'.repeat(70_000) } } });
    expect([reply.status, reply.json.error.message]).toEqual([400, expect.stringMatching(/body\.markdown/)]);
  });

  it('rejects reactions that are not emoji', async () => {
    const { data: one } = await comments().postCommentInSpace(space.spaceId, { body: { markdown: 'react to me' } });
    for (const [field, value] of [
      ['addedReactions', ['abc']],
      ['addedReactions', [':tada:']],
      ['addedReactions', ['👍👍']],
      ['addedReactions', ['']],
      ['removedReactions', ['1']],
      ['addedReactions', 'x'],
    ] as const) {
      const { status, json } = await s.request('PUT', `/v1/spaces/${space.spaceId}/comments/${one.id}`, { body: { [field]: value } });
      expect([status, json.error.message]).toEqual([400, expect.stringContaining(field)]);
    }
    expect((await comments().getCommentInSpace(space.spaceId, one.id)).data.reactions).toEqual([]);
  });

  it('rejects unknown targets, ids and page tokens', async () => {
    const lists = space.page('lists.md');
    for (const [body, field] of [
      [{ page: 'nope', body: { markdown: 'x' } }, 'page'],
      [{ node: 'abc', body: { markdown: 'x' } }, 'node'],
      [{ page: lists, node: 'nokey', body: { markdown: 'x' } }, 'node'],
      [{ page: lists, tableCell: { record: 'r', definition: 'd' }, body: { markdown: 'x' } }, 'tableCell'],
      [{ page: lists, tableCell: { record: 'r' }, body: { markdown: 'x' } }, 'tableCell'],
    ] as const) {
      const { status, json } = await post(body);
      expect([status, json.error.message]).toEqual([400, expect.stringContaining(field)]);
    }
    expect(await statusOf(comments().getCommentInSpace(space.spaceId, 'nope'))).toBe(404);
    expect(await statusOf(comments().postCommentReplyInSpace(space.spaceId, 'nope', { body: { markdown: 'x' } }))).toBe(404);
    expect(await statusOf(comments().listCommentsInSpace('nope'))).toBe(404);
    const bad = await s.request('GET', `/v1/spaces/${space.spaceId}/comments?page=garbage`);
    expect([bad.status, bad.json.error.message]).toEqual([400, expect.stringContaining('page')]);
  });
});
