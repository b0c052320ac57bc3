// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { ChangeRequestReviewStatus } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { type SeededSpace, seedNormalizationSpace } from '../helpers/content.js';
import { useServer } from '../helpers/server.js';

const s = useServer();

/** updateChangeRequestContent (0.202 route, outside the 0.143.2 contract the client speaks). */
async function write(token: string, spaceId: string, crId: string, changes: unknown[]): Promise<{ status: number; json: any }> {
  const response = await fetch(`${s.url}/v1/spaces/${spaceId}/change-requests/${crId}/content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  return { status: response.status, json: await response.json() };
}

async function markdownOf(space: SeededSpace, pageId: string): Promise<string> {
  const { data } = await s.client().spaces.getPageById(space.spaceId, pageId, { format: 'markdown' });
  return (data as { markdown: string }).markdown;
}

describe('a review cycle through the API', () => {
  it('writes a page in a change request, discusses it, reviews it and merges it into the space', async () => {
    const space = await seedNormalizationSpace(s, 'Review cycle');
    const author = await s.member('edit');
    const reviewer = await s.member('review');
    const authorApi = s.client(author.token).spaces;
    const reviewerApi = s.client(reviewer.token).spaces;
    const lists = space.page('lists.md');

    const { data: cr } = await authorApi.createChangeRequest(space.spaceId, { subject: 'Rework the lists' });
    const written = await write(author.token, space.spaceId, cr.id, [
      { operation: 'update_page', page: lists, document: { markdown: '### Ordered list\n\n1. One\n2. Two\n' } },
    ]);
    expect(written.status).toBe(200);

    const { data: comment } = await reviewerApi.postCommentInChangeRequest(space.spaceId, cr.id, { page: lists, body: { markdown: 'Why only two?' } });
    const { data: reply } = await authorApi.postCommentReplyInChangeRequest(space.spaceId, cr.id, comment.id, { body: { markdown: 'Two is enough.' } });
    await reviewerApi.updateCommentReplyInChangeRequest(space.spaceId, cr.id, comment.id, reply.id, { addedReactions: ['👍'] });
    expect((await authorApi.getCommentReplyInChangeRequest(space.spaceId, cr.id, comment.id, reply.id)).data.reactions).toMatchObject([
      { emoji: '👍', count: 1 },
    ]);
    await reviewerApi.updateCommentInChangeRequest(space.spaceId, cr.id, comment.id, { resolved: true });
    const { data: resolved } = await authorApi.getCommentInChangeRequest(space.spaceId, cr.id, comment.id);
    expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: { id: reviewer.userId } });

    await authorApi.requestReviewersForChangeRequest(space.spaceId, cr.id, { users: [reviewer.userId] });
    await reviewerApi.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved });
    const { data: merged } = await reviewerApi.mergeChangeRequest(space.spaceId, cr.id);
    expect(merged.result).toBe('merge');

    expect(await markdownOf(space, lists)).toBe('### Ordered list\n\n1. One\n2. Two\n');
    const { data: revision } = await s.client().spaces.getCurrentRevision(space.spaceId);
    expect(revision).toMatchObject({ id: merged.revision, type: 'merge', mergedFrom: { id: cr.id } });
    const { data: changes } = await s.client().spaces.getRevisionSemanticChanges(space.spaceId, merged.revision);
    expect(changes.changes).toEqual([expect.objectContaining({ type: 'page_edited', page: expect.objectContaining({ id: lists }) })]);
  });

  it('refuses a conflicting merge and changes nothing, then merges once the change request is fixed', async () => {
    const space = await seedNormalizationSpace(s, 'Conflicts');
    const api = s.client().spaces;
    const quote = space.page('quote.md');
    const original = await markdownOf(space, quote);
    const { data: first } = await api.createChangeRequest(space.spaceId, { subject: 'First' });
    const { data: second } = await api.createChangeRequest(space.spaceId, { subject: 'Second' });
    expect(
      (await write(s.ownerToken, space.spaceId, first.id, [{ operation: 'update_page', page: quote, document: { markdown: 'First wins.\n' } }])).status,
    ).toBe(200);
    expect(
      (await write(s.ownerToken, space.spaceId, second.id, [{ operation: 'update_page', page: quote, document: { markdown: 'Second wins.\n' } }])).status,
    ).toBe(200);
    expect((await api.mergeChangeRequest(space.spaceId, first.id)).data.result).toBe('merge');

    const before = await s.store.snapshot();
    expect((await api.mergeChangeRequest(space.spaceId, second.id)).data.result).toBe('conflicts');
    expect((await api.updateChangeRequest(space.spaceId, second.id)).data.result).toBe('conflicts');
    expect(await s.store.snapshot()).toEqual(before);
    expect(await markdownOf(space, quote)).toBe('First wins.\n');
    expect(original).not.toBe('First wins.\n');

    // A change request started from the merged content builds on it and merges cleanly.
    const { data: fixed } = await api.createChangeRequest(space.spaceId, { subject: 'Second, again' });
    expect(
      (
        await write(s.ownerToken, space.spaceId, fixed.id, [
          { operation: 'update_page', page: quote, document: { markdown: 'First wins.\n\nSecond agrees.\n' } },
        ])
      ).status,
    ).toBe(200);
    expect((await api.mergeChangeRequest(space.spaceId, fixed.id)).data.result).toBe('merge');
    expect(await markdownOf(space, quote)).toBe('First wins.\n\nSecond agrees.\n');
  });

  it('loses no update when two writers race on one change request', async () => {
    const space = await seedNormalizationSpace(s, 'Race');
    const api = s.client().spaces;
    const { data: cr } = await api.createChangeRequest(space.spaceId, { subject: 'Race' });
    const results = await Promise.all(
      ['Alpha', 'Beta', 'Gamma', 'Delta'].map((title) =>
        write(s.ownerToken, space.spaceId, cr.id, [{ operation: 'insert_page', title, document: { markdown: `${title} body.\n` } }]),
      ),
    );
    for (const r of results) expect([200, 409]).toContain(r.status);
    const landed = results.filter((r) => r.status === 200).length;
    const { data: pages } = await api.listPagesInChangeRequest(space.spaceId, cr.id);
    const titles = pages.pages.map((p) => p.title);
    const inserted = ['Alpha', 'Beta', 'Gamma', 'Delta'].filter((t) => titles.includes(t));
    // Every write that answered 200 is in the change request; none was silently overwritten.
    expect(inserted.length).toBe(landed);
    expect(landed).toBeGreaterThan(0);
  });
});
