// Change requests through the official client: life cycle, reviews, merge rules, merges with and without conflicts.
import { ChangeRequestReviewStatus, ChangeRequestStatus } from '@gitbook/api';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/domain/index.js';
import { type DocumentPage, newId } from '../../src/store/index.js';
import { type SeededSpace, seedNormalizationSpace } from '../helpers/content.js';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();
let space: SeededSpace;
let owner: Caller;
beforeAll(async () => {
  space = await seedNormalizationSpace(s);
  owner = s.domain.users.authenticate(s.ownerToken)!;
});

/** Commits one edit of a page's markdown to a change request, the way the content API does: a new revision, compare-and-set. */
function editPage(changeRequestId: string, gitPath: string, edit: (markdown: string) => string): string {
  const { changeRequest } = s.domain.changeRequests.find(owner, space.spaceId, changeRequestId, 'edit');
  const content = s.store.revisions.content(changeRequest.revisionId);
  const pageId = space.page(gitPath);
  const page = content.pages.find((p) => p.id === pageId) as DocumentPage;
  const oid = s.store.blobs.put(Buffer.from(edit(s.store.blobs.get(page.blob)!.toString('utf8'))));
  const pages = content.pages.map((p) => (p.id === pageId ? { ...page, blob: oid, git: page.git && { ...page.git, oid } } : p));
  const revision = { id: newId(), spaceId: space.spaceId, parents: [changeRequest.revisionId], type: 'edits' as const, git: null, createdAt: new Date().toISOString() };
  s.domain.changeRequests.commitRevision(changeRequest.id, changeRequest.revisionId, revision, { ...content, pages }, owner.user.id);
  return revision.id;
}

/** The markdown of a page in the space's current revision. */
async function currentMarkdown(gitPath: string): Promise<string> {
  const { data } = await s.client().spaces.getPageById(space.spaceId, space.page(gitPath), { format: 'markdown' });
  return (data as { markdown: string }).markdown;
}

describe('change request life cycle', () => {
  it('creates, reads, lists, updates, reviews and merges a change request without changes', async () => {
    const api = s.client();
    const before = (await api.spaces.getSpaceById(space.spaceId)).data;
    const created = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Fix the lists' });
    expect(created.status).toBe(201);
    const cr = created.data;
    expect(cr).toMatchObject({ object: 'change-request', status: 'open', subject: 'Fix the lists', space: space.spaceId, outdated: false, comments: 0 });
    expect(cr.revision).toBe(before.revision);
    expect(cr.revisionInitial).toBe(before.revision);
    expect(created.headers.get('location')).toBe(cr.urls.location);

    expect((await api.spaces.getChangeRequestById(space.spaceId, String(cr.number))).data.id).toBe(cr.id);
    expect((await api.spaces.getChangeRequestById(space.spaceId, cr.id)).data.number).toBe(cr.number);
    const space1 = (await api.spaces.getSpaceById(space.spaceId)).data;
    expect(space1.changeRequests).toBe(before.changeRequests + 1);
    expect(space1.changeRequestsOpen).toBe(before.changeRequestsOpen + 1);

    const description = { object: 'document' as const, data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Why', marks: [] }] }] }] };
    const patched = await api.spaces.updateChangeRequestById(space.spaceId, cr.id, { subject: 'Fix every list', description: description as never, status: 'draft' });
    expect(patched.data).toMatchObject({ subject: 'Fix every list', status: 'draft', description });
    expect((await api.spaces.getSpaceById(space.spaceId)).data.changeRequestsDraft).toBe(before.changeRequestsDraft + 1);
    expect((await api.spaces.listChangeRequestsForSpace(space.spaceId)).data.items.map((c) => c.id)).not.toContain(cr.id);
    expect((await api.spaces.listChangeRequestsForSpace(space.spaceId, { status: ChangeRequestStatus.Draft })).data.items.map((c) => c.id)).toContain(cr.id);
    expect((await api.orgs.listChangeRequestsForOrganization(s.org, { status: ChangeRequestStatus.Draft, creator: s.ownerId })).data.items.map((c) => c.id)).toContain(cr.id);
    expect((await api.orgs.listChangeRequestsForOrganization(s.org, { status: ChangeRequestStatus.Draft, creator: 'nobody' })).data.items).toEqual([]);
    await api.spaces.updateChangeRequestById(space.spaceId, cr.id, { status: 'open' });

    const reviewer = s.member('review');
    const { data: requested } = await api.spaces.requestReviewersForChangeRequest(space.spaceId, cr.id, { users: [reviewer.userId] });
    expect(requested.users?.map((u) => u.kind === 'user' && u.user.id)).toEqual([reviewer.userId]);
    expect((await api.spaces.getRequestedReviewersByChangeRequestId(space.spaceId, cr.id)).data.count).toBe(1);

    const reviewerApi = s.client(reviewer.token);
    const changesRequested = await reviewerApi.spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.ChangesRequested, comment: { markdown: 'Not yet' } });
    expect(changesRequested.status).toBe(201);
    expect(changesRequested.data).toMatchObject({ status: 'changes-requested', outdated: false, reviewer: { id: reviewer.userId }, requestedBy: { id: s.ownerId } });
    await reviewerApi.spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved });
    const reviews = (await api.spaces.getReviewsByChangeRequestId(space.spaceId, cr.id)).data.items;
    expect(reviews.map((r) => [r.status, r.outdated])).toEqual([['changes-requested', true], ['approved', false]]);
    expect((await api.spaces.getReviewsByChangeRequestId(space.spaceId, cr.id, { outdated: false })).data.items).toHaveLength(1);
    expect(await statusOf(api.spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved }))).toBe(403);

    expect((await api.spaces.removeRequestedReviewerFromChangeRequest(space.spaceId, cr.id, reviewer.userId)).status).toBe(205);
    expect((await api.spaces.removeRequestedReviewerFromChangeRequest(space.spaceId, cr.id, reviewer.userId)).status).toBe(204);
    expect((await api.spaces.getContributorsByChangeRequestId(space.spaceId, cr.id)).data.items).toEqual([]);
    expect((await api.spaces.getChangeRequestChanges(space.spaceId, cr.id)).data.changes).toEqual([]);

    const { data: merged } = await api.spaces.mergeChangeRequest(space.spaceId, cr.id);
    expect(merged.result).toBe('merge');
    const after = (await api.spaces.getSpaceById(space.spaceId)).data;
    expect(after.revision).toBe(merged.revision);
    expect(after.changeRequestsOpen).toBe(before.changeRequestsOpen);
    expect(s.store.revisions.get(merged.revision)).toMatchObject({ type: 'merge', parents: [before.revision] });
    const { data: mergeRevision } = await api.spaces.getRevisionById(space.spaceId, merged.revision);
    expect(mergeRevision).toMatchObject({ type: 'merge', mergedFrom: { id: cr.id, number: cr.number } });
    expect((await api.spaces.getCurrentRevision(space.spaceId)).data).toMatchObject({ id: merged.revision, type: 'merge' });
    const { data: final } = await api.spaces.getChangeRequestById(space.spaceId, cr.id);
    expect(final).toMatchObject({ status: 'merged', revisionMerged: merged.revision, outdated: false });
    const { data: changes } = await api.spaces.getRevisionSemanticChanges(space.spaceId, merged.revision);
    expect(changes).toMatchObject({ changes: [], mergedFrom: { id: cr.id } });

    expect(await statusOf(api.spaces.mergeChangeRequest(space.spaceId, cr.id))).toBe(409);
    expect(await statusOf(api.spaces.updateChangeRequestById(space.spaceId, cr.id, { subject: 'Too late' }))).toBe(409);
  });

  it('reads the content of a change request like a revision', async () => {
    const api = s.client();
    const { data: cr } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Content reads' });
    const revision = editPage(cr.id, 'lists.md', (md) => md.replace('### Ordered list', '### Ordered list, edited'));
    const { data: content } = await api.spaces.getRevisionOfChangeRequestById(space.spaceId, cr.id);
    expect(content.id).toBe(revision);
    const { data: page } = await api.spaces.getPageInChangeRequestById(space.spaceId, cr.id, space.page('lists.md'), { format: 'markdown' });
    expect((page as { markdown: string }).markdown).toContain('### Ordered list, edited');
    expect(await currentMarkdown('lists.md')).not.toContain('edited');
    const { data: byPath } = await api.spaces.getPageInChangeRequestByPath(space.spaceId, cr.id, 'lists');
    expect(byPath.id).toBe(space.page('lists.md'));
    expect((await api.spaces.listPagesInChangeRequest(space.spaceId, cr.id)).data.pages.length).toBe(content.pages.length);
    const files = (await api.spaces.listFilesInChangeRequestById(space.spaceId, cr.id)).data;
    expect(files.count).toBe(2);
    expect((await api.spaces.getFileInChangeRequestById(space.spaceId, cr.id, files.items[0]!.id)).data.name).toBe(files.items[0]!.name);
    expect((await api.spaces.listChangeRequestLinks(space.spaceId, cr.id)).data.stats.total).toBeGreaterThan(0);
    expect((await api.spaces.listChangeRequestPageBacklinks(space.spaceId, cr.id, space.page('lists.md'))).status).toBe(200);
    expect(await statusOf(api.spaces.getPageInChangeRequestById(space.spaceId, cr.id, 'nope'))).toBe(404);

    const { data: changes } = await api.spaces.getChangeRequestChanges(space.spaceId, cr.id);
    expect(changes.changes).toEqual([
      expect.objectContaining({ type: 'page_edited', page: expect.objectContaining({ id: space.page('lists.md'), title: 'Lists' }), attributes: { document: expect.any(Object) } }),
    ]);
    expect((await api.spaces.getContributorsByChangeRequestId(space.spaceId, cr.id)).data.items).toMatchObject([{ count: 1, actionType: 'edit', user: { id: s.ownerId } }]);
    expect((await api.spaces.listChangeRequestsForSpace(space.spaceId, { contributor: s.ownerId })).data.items.map((c) => c.id)).toContain(cr.id);
    await api.spaces.updateChangeRequestById(space.spaceId, cr.id, { status: 'archived' });
    expect(await statusOf(api.spaces.mergeChangeRequest(space.spaceId, cr.id))).toBe(409);
  });
});

describe('merging', () => {
  it('merges two change requests editing different lines of one page, in either order', async () => {
    const api = s.client();
    for (const order of [[0, 1], [1, 0]] as const) {
      const tag = order.join('');
      const marks = [`### Ordered list ${tag}`, `### Unordered list ${tag}`];
      const crs = [];
      for (const [i, heading] of ['### Ordered list', '### Unordered list'].entries()) {
        const { data: cr } = await api.spaces.createChangeRequest(space.spaceId, { subject: `Edit ${i} ${tag}` });
        editPage(cr.id, 'lists.md', (md) => md.replace(new RegExp(`^${heading}.*$`, 'm'), marks[i]!));
        crs.push(cr);
      }
      const first = await api.spaces.mergeChangeRequest(space.spaceId, crs[order[0]]!.id);
      expect(first.data.result).toBe('merge');
      expect((await api.spaces.getChangeRequestById(space.spaceId, crs[order[1]]!.id)).data.outdated).toBe(true);
      const second = await api.spaces.mergeChangeRequest(space.spaceId, crs[order[1]]!.id);
      expect(second.data.result).toBe('merge');
      expect(s.store.revisions.get(second.data.revision)!.parents[0]).toBe(first.data.revision);
      const markdown = await currentMarkdown('lists.md');
      for (const mark of marks) expect(markdown).toContain(mark);
    }
  });

  it('reports conflicts and changes nothing when both sides changed the same line', async () => {
    const api = s.client();
    const { data: a } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'A' });
    const { data: b } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'B' });
    editPage(a.id, 'code-block.md', (md) => `${md}\nAdded by A.\n`);
    editPage(b.id, 'code-block.md', (md) => `${md}\nAdded by B.\n`);
    expect((await api.spaces.mergeChangeRequest(space.spaceId, a.id)).data.result).toBe('merge');

    const snapshot = s.store.snapshot();
    const { data: conflicted } = await api.spaces.mergeChangeRequest(space.spaceId, b.id);
    expect(conflicted).toEqual({ result: 'conflicts', revision: s.store.changeRequests.get(b.id)!.revisionId });
    const { data: update } = await api.spaces.updateChangeRequest(space.spaceId, b.id);
    expect(update.result).toBe('conflicts');
    expect(s.store.snapshot()).toEqual(snapshot);
    expect(await currentMarkdown('code-block.md')).toContain('Added by A.');
    const { data: crPage } = await api.spaces.getPageInChangeRequestById(space.spaceId, b.id, space.page('code-block.md'), { format: 'markdown' });
    expect((crPage as { markdown: string }).markdown).toContain('Added by B.');
  });

  it('brings the space changes into a change request, then merges it', async () => {
    const api = s.client();
    const { data: a } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Space side' });
    const { data: b } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Change request side' });
    editPage(a.id, 'quote.md', (md) => md.replace(/^# .*$/m, (h1) => `${h1}\n\nTop line from A.`));
    editPage(b.id, 'quote.md', (md) => `${md}\nBottom line from B.\n`);
    await api.spaces.mergeChangeRequest(space.spaceId, a.id);
    const { data: updated } = await api.spaces.updateChangeRequest(space.spaceId, b.id);
    expect(updated.result).toBe('update');
    const { data: crAfter } = await api.spaces.getChangeRequestById(space.spaceId, b.id);
    expect(crAfter).toMatchObject({ revision: updated.revision, outdated: false, revisionMergedAncestor: s.store.content.space(space.spaceId)!.revisionId });
    expect(s.store.revisions.get(updated.revision)!.type).toBe('update');
    expect((await api.spaces.mergeChangeRequest(space.spaceId, b.id)).data.result).toBe('merge');
    const markdown = await currentMarkdown('quote.md');
    expect(markdown).toContain('Top line from A.');
    expect(markdown).toContain('Bottom line from B.');
  });

  it('refuses a stale commit to a change request with 409, keeping the first one', async () => {
    const { data: cr } = await s.client().spaces.createChangeRequest(space.spaceId, { subject: 'Race' });
    const { changeRequest } = s.domain.changeRequests.find(owner, space.spaceId, cr.id, 'edit');
    const first = editPage(cr.id, 'emoji.md', (md) => `${md}\nFirst.\n`);
    const stale = { id: newId(), spaceId: space.spaceId, parents: [changeRequest.revisionId], type: 'edits' as const, git: null, createdAt: new Date().toISOString() };
    expect(() =>
      s.domain.changeRequests.commitRevision(cr.id, changeRequest.revisionId, stale, s.store.revisions.content(changeRequest.revisionId), owner.user.id),
    ).toThrow(expect.objectContaining({ status: 409 }));
    expect(s.store.changeRequests.get(cr.id)!.revisionId).toBe(first);
    expect(s.store.revisions.get(stale.id)).toBeUndefined();
  });
});

describe('merge rules', () => {
  it('refuses a merge until the space rules are met, and lets allowed users bypass them', async () => {
    const api = s.client();
    const author = s.member('create');
    const reviewer = s.member('review');
    await api.spaces.updateSpaceById(space.spaceId, { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }, { rule: 'require_change_request_subject' }] } });
    try {
      const authorApi = s.client(author.token);
      const { data: cr } = await authorApi.spaces.createChangeRequest(space.spaceId, {});
      expect(await statusOf(authorApi.spaces.mergeChangeRequest(space.spaceId, cr.id))).toBe(412);
      await authorApi.spaces.updateChangeRequestById(space.spaceId, cr.id, { subject: 'Ruled' });
      await s.client(reviewer.token).spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved });
      expect((await authorApi.spaces.mergeChangeRequest(space.spaceId, cr.id)).data.result).toBe('merge');

      await api.spaces.updateSpaceById(space.spaceId, { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }, { rule: 'allow_bypass', users: [author.userId] }] } });
      const { data: bypass } = await authorApi.spaces.createChangeRequest(space.spaceId, { subject: 'Bypass' });
      expect((await authorApi.spaces.mergeChangeRequest(space.spaceId, bypass.id)).data.result).toBe('merge');
    } finally {
      await api.spaces.updateSpaceById(space.spaceId, { mergeRules: { type: 'inherit' } });
    }
  });

  it('needs the review role to merge and the edit role to create', async () => {
    const { data: cr } = await s.client().spaces.createChangeRequest(space.spaceId, { subject: 'Roles' });
    const editor = s.client(s.member('edit').token);
    expect(await statusOf(editor.spaces.mergeChangeRequest(space.spaceId, cr.id))).toBe(403);
    expect(await statusOf(s.client(s.member('comment').token).spaces.createChangeRequest(space.spaceId, { subject: 'x' }))).toBe(403);
    expect(await statusOf(s.client(s.member('read').token).spaces.getChangeRequestById(space.spaceId, cr.id))).toBe(200);
    expect(await statusOf(s.client(s.member('none').token).spaces.getChangeRequestById(space.spaceId, cr.id))).toBe(403);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field, and 404 for unknown change requests', async () => {
    const { data: cr } = await s.client().spaces.createChangeRequest(space.spaceId, { subject: 'Bad input' });
    const base = `/v1/spaces/${space.spaceId}/change-requests`;
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', base, { subject: 'x'.repeat(101) }, /subject/],
      ['POST', base, { subject: 42 }, /subject/],
      ['PATCH', `${base}/${cr.id}`, { status: 'merged' }, /status/],
      ['PATCH', `${base}/${cr.id}`, { description: { nodes: 'no' } }, /description/],
      ['POST', `${base}/${cr.id}/reviews`, { status: 'meh' }, /status/],
      ['POST', `${base}/${cr.id}/reviews`, { status: 'approved', comment: { html: '<b>' } }, /comment/],
      ['POST', `${base}/${cr.id}/requested-reviewers`, { users: ['nobody'] }, /users/],
      ['POST', `${base}/${cr.id}/requested-reviewers`, { users: [] }, /users/],
      ['POST', `${base}/${cr.id}/requested-reviewers`, {}, /users/],
      ['GET', `${base}/${cr.id}/changes?limit=-1`, undefined, /limit/],
      ['GET', `${base}?status=nope`, undefined, /status/],
    ];
    for (const [method, path, body, field] of cases) {
      const response = await s.request(method, path, body === undefined ? {} : { body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json.error.message).toMatch(field);
    }
    expect((await s.request('GET', `${base}/nope`)).status).toBe(404);
    expect((await s.request('GET', `${base}/9999`)).status).toBe(404);
    expect((await s.request('POST', `${base}/nope/merge`)).status).toBe(404);
  });
});
