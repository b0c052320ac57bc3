// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
// Change requests through the official client: life cycle, reviews, merge rules, merges with and without conflicts.
import { ChangeRequestReviewStatus, ChangeRequestStatus, type ContentLocation, type ContentLocationPage } from '@gitbook/api';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/domain/index.js';
import { type DocumentPage, newId, type RevisionContent } from '../../src/model/index.js';
import { type SeededSpace, seedNormalizationSpace } from '../helpers/content.js';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();
let space: SeededSpace;
let owner: Caller;
beforeAll(async () => {
  space = await seedNormalizationSpace(s);
  owner = (await s.domain.users.authenticate(s.ownerToken))!;
});

/** Commits one edit of a page's markdown to a change request, the way the content API does: a new revision, compare-and-set. */
async function editPage(changeRequestId: string, gitPath: string, edit: (markdown: string) => string): Promise<string> {
  const { changeRequest } = await s.domain.changeRequests.find(owner, space.spaceId, changeRequestId, 'edit');
  const content = await s.store.revisions.content(changeRequest.revisionId);
  const pageId = space.page(gitPath);
  const page = content.pages.find((p) => p.id === pageId) as DocumentPage;
  const oid = await s.store.blobs.put(Buffer.from(edit((await s.store.blobs.get(page.blob))!.toString('utf8'))));
  const pages = content.pages.map((p) => (p.id === pageId ? { ...page, blob: oid, git: page.git && { ...page.git, oid } } : p));
  const revision = {
    id: newId(),
    spaceId: space.spaceId,
    parents: [changeRequest.revisionId],
    type: 'edits' as const,
    git: null,
    createdAt: new Date().toISOString(),
  };
  await s.domain.changeRequests.commitRevision(changeRequest.id, changeRequest.revisionId, revision, { ...content, pages }, owner.user.id);
  return revision.id;
}

/** Commits `edit` of the change request's whole content as one revision (what the content API cannot write: files, variables, includes). */
async function commitContent(changeRequestId: string, edit: (content: RevisionContent) => RevisionContent | Promise<RevisionContent>): Promise<string> {
  const { changeRequest } = await s.domain.changeRequests.find(owner, space.spaceId, changeRequestId, 'edit');
  const revision = {
    id: newId(),
    spaceId: space.spaceId,
    parents: [changeRequest.revisionId],
    type: 'edits' as const,
    git: null,
    createdAt: new Date().toISOString(),
  };
  await s.domain.changeRequests.commitRevision(
    changeRequest.id,
    changeRequest.revisionId,
    revision,
    await edit(await s.store.revisions.content(changeRequest.revisionId)),
    owner.user.id,
  );
  return revision.id;
}

/** POSTs a batch to updateChangeRequestContent (0.202: not in the 0.143.2 client). */
async function writeContent(changeRequestId: string, changes: unknown[]): Promise<any> {
  const response = await fetch(`${s.url}/v1/spaces/${space.spaceId}/change-requests/${changeRequestId}/content?compat=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  expect(response.status).toBe(200);
  return response.json();
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

    const description = {
      object: 'document' as const,
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Why', marks: [] }] }] }],
    };
    const patched = await api.spaces.updateChangeRequestById(space.spaceId, cr.id, {
      subject: 'Fix every list',
      description: description as never,
      status: 'draft',
    });
    expect(patched.data).toMatchObject({ subject: 'Fix every list', status: 'draft', description });
    expect((await api.spaces.getSpaceById(space.spaceId)).data.changeRequestsDraft).toBe(before.changeRequestsDraft + 1);
    expect((await api.spaces.listChangeRequestsForSpace(space.spaceId)).data.items.map((c) => c.id)).not.toContain(cr.id);
    expect((await api.spaces.listChangeRequestsForSpace(space.spaceId, { status: ChangeRequestStatus.Draft })).data.items.map((c) => c.id)).toContain(cr.id);
    expect(
      (await api.orgs.listChangeRequestsForOrganization(s.org, { status: ChangeRequestStatus.Draft, creator: s.ownerId })).data.items.map((c) => c.id),
    ).toContain(cr.id);
    expect((await api.orgs.listChangeRequestsForOrganization(s.org, { status: ChangeRequestStatus.Draft, creator: 'nobody' })).data.items).toEqual([]);
    await api.spaces.updateChangeRequestById(space.spaceId, cr.id, { status: 'open' });

    const reviewer = await s.member('review');
    const { data: requested } = await api.spaces.requestReviewersForChangeRequest(space.spaceId, cr.id, { users: [reviewer.userId] });
    expect(requested.users?.map((u) => u.kind === 'user' && u.user.id)).toEqual([reviewer.userId]);
    expect((await api.spaces.getRequestedReviewersByChangeRequestId(space.spaceId, cr.id)).data.count).toBe(1);

    const reviewerApi = s.client(reviewer.token);
    const changesRequested = await reviewerApi.spaces.submitChangeRequestReview(space.spaceId, cr.id, {
      status: ChangeRequestReviewStatus.ChangesRequested,
      comment: { markdown: 'Not yet' },
    });
    expect(changesRequested.status).toBe(201);
    expect(changesRequested.data).toMatchObject({
      status: 'changes-requested',
      outdated: false,
      reviewer: { id: reviewer.userId },
      requestedBy: { id: s.ownerId },
    });
    await reviewerApi.spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved });
    const reviews = (await api.spaces.getReviewsByChangeRequestId(space.spaceId, cr.id)).data.items;
    expect(reviews.map((r) => [r.status, r.outdated])).toEqual([
      ['changes-requested', true],
      ['approved', false],
    ]);
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
    expect(await s.store.revisions.get(merged.revision)).toMatchObject({ type: 'merge', parents: [before.revision] });
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
    const revision = await editPage(cr.id, 'lists.md', (md) => md.replace('### Ordered list', '### Ordered list, edited'));
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
      expect.objectContaining({
        type: 'page_edited',
        page: expect.objectContaining({ id: space.page('lists.md'), title: 'Lists' }),
        attributes: { document: expect.any(Object) },
      }),
    ]);
    expect((await api.spaces.getContributorsByChangeRequestId(space.spaceId, cr.id)).data.items).toMatchObject([
      { count: 1, actionType: 'edit', user: { id: s.ownerId } },
    ]);
    expect((await api.spaces.listChangeRequestsForSpace(space.spaceId, { contributor: s.ownerId })).data.items.map((c) => c.id)).toContain(cr.id);
    await api.spaces.updateChangeRequestById(space.spaceId, cr.id, { status: 'archived' });
    expect(await statusOf(api.spaces.mergeChangeRequest(space.spaceId, cr.id))).toBe(409);
  });
});

describe('change request reads', () => {
  it('reads reusable contents, page links and file backlinks, located in the space as getSpaceById shows it', async () => {
    const api = s.client();
    const { data: cr } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Reads' });
    const blob = await s.store.blobs.put(Buffer.from('Shared words.\n'));
    await commitContent(cr.id, (content) => ({
      ...content,
      reusableContents: [...content.reusableContents, { id: 'shared', title: 'Shared', blob, git: { oid: blob, path: '.gitbook/includes/shared.md' } }],
    }));
    const { data: rc } = await api.spaces.getReusableContentInChangeRequestById(space.spaceId, cr.id, 'shared');
    expect(rc).toEqual({ id: 'shared', title: 'Shared', document: blob, git: { oid: blob, path: '.gitbook/includes/shared.md' } });
    expect(await statusOf(api.spaces.getReusableContentInChangeRequestById(space.spaceId, cr.id, 'nope'))).toBe(404);
    expect(await statusOf(api.spaces.getReusableContentById(space.spaceId, 'shared'))).toBe(404);

    const dangling = space.page('dangling.md');
    const { data: links } = await api.spaces.listPageLinksInChangeRequest(space.spaceId, cr.id, dangling);
    const targetOf = (t: ContentLocation | undefined) => (t?.kind === 'page' ? t.page.id : t?.kind === 'url' ? t.url : t?.kind);
    const targets = links.items.map((l) => [l.status, targetOf(l.targetReference)]);
    expect(targets).toEqual([
      ['broken', 'gone.md'],
      ['ok', space.page('lists.md')],
      ['in-app', 'https://app.gitbook.com/o/x/s/y/'],
    ]);
    expect(links.items.every((l) => l.locationReferences.every((r) => r.kind === 'page' && r.page.id === dangling))).toBe(true);
    expect(links.stats).toMatchObject({ total: links.count, broken: { total: 1 } });
    const { data: first } = await api.spaces.listPageLinksInChangeRequest(space.spaceId, cr.id, dangling, { limit: 2 });
    const { data: rest } = await api.spaces.listPageLinksInChangeRequest(space.spaceId, cr.id, dangling, { limit: 2, page: first.next!.page });
    expect([...first.items, ...rest.items]).toEqual(links.items);
    expect(rest.next).toBeUndefined();

    const avatar = space.file('.gitbook/assets/sofianna-customer-avatar.png');
    const { data } = await api.spaces.listChangeRequestFileBacklinks(space.spaceId, cr.id, avatar);
    const backlinks = data.items as ContentLocationPage[];
    expect(backlinks.map((l) => [l.kind, l.page.id])).toEqual([
      ['page', space.page('images.md')],
      ['page', space.page('hints.md')],
    ]);
    const { data: live } = await api.spaces.getSpaceById(space.spaceId);
    const counters = (x: typeof live) => [x.changeRequests, x.changeRequestsOpen, x.changeRequestsDraft, x.comments];
    expect(live.changeRequestsOpen).toBeGreaterThan(0);
    expect(counters(backlinks[0]!.space)).toEqual(counters(live));
    expect(backlinks[0]!.space).toEqual(live);
    expect(await statusOf(api.spaces.listChangeRequestFileBacklinks(space.spaceId, cr.id, 'nope'))).toBe(404);
  });
});

describe('semantic changes', () => {
  it('reports pages created, deleted, moved and reordered, files added, edited and removed, includes and variables', async () => {
    const api = s.client();
    const { data: cr } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Every kind of change' });
    const group = space.pages.find((p) => p.kind === 'group')!;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000020000000308060000009dc8c0a0', 'hex');
    const written = await writeContent(cr.id, [
      { operation: 'insert_page', title: 'Brand new', document: { markdown: 'New.\n' } },
      { operation: 'delete_page', page: space.page('embeds.md') },
      { operation: 'update_page', page: space.page('emoji.md'), into: group.id },
      { operation: 'update_page', page: space.page('tabs.md'), at: 1 },
      { operation: 'insert_files', files: [{ name: 'added.png', base64: png.toString('base64'), contentType: 'image/png' }] },
    ]);
    const created = written.changes[0].page.id as string;
    const added = written.insertedFiles[0].id as string;
    const baseRevision = (await s.store.changeRequests.get(cr.id))!.baseRevisionId;
    const base = await s.store.revisions.content(baseRevision);
    const [edited, removed] = base.files as [RevisionContent['files'][number], RevisionContent['files'][number]];
    const bytes = Buffer.from('not the same picture');
    const snippet = await s.store.blobs.put(Buffer.from('Reusable words.\n'));
    await commitContent(cr.id, async (content) => ({
      ...content,
      files: await Promise.all(
        content.files
          .filter((f) => f.id !== removed.id)
          .map(async (f) => (f.id === edited.id ? { ...f, name: 'renamed.png', size: bytes.length, blob: await s.store.blobs.put(bytes) } : f)),
      ),
      reusableContents: [
        ...content.reusableContents,
        { id: 'snippet', title: 'Snippet', blob: snippet, git: { oid: snippet, path: '.gitbook/includes/snippet.md' } },
      ],
      variables: { ...content.variables, product: 'Quire 2', edition: 3 },
    }));

    const { data } = await api.spaces.getChangeRequestChanges(space.spaceId, cr.id, { limit: 100 });
    const expected = [
      { type: 'page_moved', page: { id: space.page('tabs.md'), type: 'document', title: 'Tabs', path: 'tabs' }, parent: {} },
      {
        type: 'page_moved',
        page: { id: space.page('emoji.md'), type: 'document', title: 'Emoji', path: `${group.path}/emoji` },
        parent: { after: { id: group.id, type: 'group', title: group.title, path: group.path } },
      },
      { type: 'page_created', page: { id: created, type: 'document', title: 'Brand new', path: 'brand-new' } },
      { type: 'page_deleted', page: { id: space.page('embeds.md'), type: 'document', title: 'Embeds', path: 'embeds' } },
      {
        type: 'file_edited',
        file: expect.objectContaining({ id: edited.id, name: 'renamed.png' }),
        attributes: {
          name: { before: edited.name, after: 'renamed.png' },
          size: { before: edited.size, after: bytes.length },
          downloadURL: {
            before: expect.stringContaining(`/revisions/${baseRevision}/files/${edited.id}/`),
            after: expect.stringContaining(`/files/${edited.id}/`),
          },
        },
      },
      { type: 'file_created', file: expect.objectContaining({ id: added, name: 'added.png', contentType: 'image/png' }) },
      { type: 'file_deleted', file: expect.objectContaining({ id: removed.id, name: removed.name }) },
      { type: 'reusable_content_created', reusableContent: { id: 'snippet', title: 'Snippet', document: snippet } },
      { type: 'variables_edited', variables: { product: { before: 'Quire', after: 'Quire 2' }, edition: { after: 3 } } },
    ];
    expect(data.changes).toEqual(expected);
    expect(data.more).toBeUndefined();
    const { data: limited } = await api.spaces.getChangeRequestChanges(space.spaceId, cr.id, { limit: 2 });
    expect(limited).toEqual({ changes: expected.slice(0, 2), more: expected.length - 2 });

    const { data: merged } = await api.spaces.mergeChangeRequest(space.spaceId, cr.id);
    const { data: revisionChanges } = await api.spaces.getRevisionSemanticChanges(space.spaceId, merged.revision, { limit: 100 });
    expect(revisionChanges).toMatchObject({ mergedFrom: { id: cr.id }, changes: expected.map((c) => ({ type: c.type })) });
  });

  it('reports one page_moved for a page moved among its siblings, none when the order is kept', async () => {
    const api = s.client();
    const { data: cr } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Reorder' });
    const roots = (await s.store.revisions.content((await s.store.changeRequests.get(cr.id))!.revisionId)).pages.filter((p) => p.parentId === null);
    const last = roots.at(-1)!;
    await writeContent(cr.id, [{ operation: 'update_page', page: last.id, at: 0 }]);
    const { data } = await api.spaces.getChangeRequestChanges(space.spaceId, cr.id);
    expect(data.changes).toEqual([expect.objectContaining({ type: 'page_moved', page: expect.objectContaining({ id: last.id }), parent: {} })]);
    await writeContent(cr.id, [{ operation: 'update_page', page: last.id, at: roots.length }]);
    expect((await api.spaces.getChangeRequestChanges(space.spaceId, cr.id)).data.changes).toEqual([]);
  });
});

describe('merging', () => {
  it('merges two change requests editing different lines of one page, in either order', async () => {
    const api = s.client();
    for (const order of [
      [0, 1],
      [1, 0],
    ] as const) {
      const tag = order.join('');
      const marks = [`### Ordered list ${tag}`, `### Unordered list ${tag}`];
      const crs = [];
      for (const [i, heading] of ['### Ordered list', '### Unordered list'].entries()) {
        const { data: cr } = await api.spaces.createChangeRequest(space.spaceId, { subject: `Edit ${i} ${tag}` });
        await editPage(cr.id, 'lists.md', (md) => md.replace(new RegExp(`^${heading}.*$`, 'm'), marks[i]!));
        crs.push(cr);
      }
      const first = await api.spaces.mergeChangeRequest(space.spaceId, crs[order[0]]!.id);
      expect(first.data.result).toBe('merge');
      expect((await api.spaces.getChangeRequestById(space.spaceId, crs[order[1]]!.id)).data.outdated).toBe(true);
      const second = await api.spaces.mergeChangeRequest(space.spaceId, crs[order[1]]!.id);
      expect(second.data.result).toBe('merge');
      expect((await s.store.revisions.get(second.data.revision))!.parents[0]).toBe(first.data.revision);
      const markdown = await currentMarkdown('lists.md');
      for (const mark of marks) expect(markdown).toContain(mark);
    }
  });

  it('reports conflicts and changes nothing when both sides changed the same line', async () => {
    const api = s.client();
    const { data: a } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'A' });
    const { data: b } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'B' });
    await editPage(a.id, 'code-block.md', (md) => `${md}\nAdded by A.\n`);
    await editPage(b.id, 'code-block.md', (md) => `${md}\nAdded by B.\n`);
    expect((await api.spaces.mergeChangeRequest(space.spaceId, a.id)).data.result).toBe('merge');

    const snapshot = await s.store.snapshot();
    const { data: conflicted } = await api.spaces.mergeChangeRequest(space.spaceId, b.id);
    expect(conflicted).toEqual({ result: 'conflicts', revision: (await s.store.changeRequests.get(b.id))!.revisionId });
    const { data: update } = await api.spaces.updateChangeRequest(space.spaceId, b.id);
    expect(update.result).toBe('conflicts');
    expect(await s.store.snapshot()).toEqual(snapshot);
    expect(await currentMarkdown('code-block.md')).toContain('Added by A.');
    const { data: crPage } = await api.spaces.getPageInChangeRequestById(space.spaceId, b.id, space.page('code-block.md'), { format: 'markdown' });
    expect((crPage as { markdown: string }).markdown).toContain('Added by B.');
  });

  it('brings the space changes into a change request, then merges it', async () => {
    const api = s.client();
    const { data: a } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Space side' });
    const { data: b } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Change request side' });
    await editPage(a.id, 'quote.md', (md) => md.replace(/^# .*$/m, (h1) => `${h1}\n\nTop line from A.`));
    await editPage(b.id, 'quote.md', (md) => `${md}\nBottom line from B.\n`);
    await api.spaces.mergeChangeRequest(space.spaceId, a.id);
    const { data: updated } = await api.spaces.updateChangeRequest(space.spaceId, b.id);
    expect(updated.result).toBe('update');
    const { data: crAfter } = await api.spaces.getChangeRequestById(space.spaceId, b.id);
    expect(crAfter).toMatchObject({
      revision: updated.revision,
      outdated: false,
      revisionMergedAncestor: (await s.store.content.space(space.spaceId))!.revisionId,
    });
    expect((await s.store.revisions.get(updated.revision))!.type).toBe('update');
    expect((await api.spaces.mergeChangeRequest(space.spaceId, b.id)).data.result).toBe('merge');
    const markdown = await currentMarkdown('quote.md');
    expect(markdown).toContain('Top line from A.');
    expect(markdown).toContain('Bottom line from B.');
  });

  it('refuses a stale commit to a change request with 409, keeping the first one', async () => {
    const { data: cr } = await s.client().spaces.createChangeRequest(space.spaceId, { subject: 'Race' });
    const { changeRequest } = await s.domain.changeRequests.find(owner, space.spaceId, cr.id, 'edit');
    const first = await editPage(cr.id, 'emoji.md', (md) => `${md}\nFirst.\n`);
    const stale = {
      id: newId(),
      spaceId: space.spaceId,
      parents: [changeRequest.revisionId],
      type: 'edits' as const,
      git: null,
      createdAt: new Date().toISOString(),
    };
    await expect(
      s.domain.changeRequests.commitRevision(cr.id, changeRequest.revisionId, stale, await s.store.revisions.content(changeRequest.revisionId), owner.user.id),
    ).rejects.toThrow(expect.objectContaining({ kind: 'conflict' }));
    expect((await s.store.changeRequests.get(cr.id))!.revisionId).toBe(first);
    expect(await s.store.revisions.get(stale.id)).toBeUndefined();
  });
});

describe('merge rules', () => {
  it('refuses a merge until the space rules are met, and lets allowed users bypass them', async () => {
    const api = s.client();
    const author = await s.member('create');
    const reviewer = await s.member('review');
    await api.spaces.updateSpaceById(space.spaceId, {
      mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }, { rule: 'require_change_request_subject' }] },
    });
    try {
      const authorApi = s.client(author.token);
      const { data: cr } = await authorApi.spaces.createChangeRequest(space.spaceId, {});
      expect(await statusOf(authorApi.spaces.mergeChangeRequest(space.spaceId, cr.id))).toBe(412);
      await authorApi.spaces.updateChangeRequestById(space.spaceId, cr.id, { subject: 'Ruled' });
      await s.client(reviewer.token).spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved });
      expect((await authorApi.spaces.mergeChangeRequest(space.spaceId, cr.id)).data.result).toBe('merge');

      await api.spaces.updateSpaceById(space.spaceId, {
        mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }, { rule: 'allow_bypass', users: [author.userId] }] },
      });
      const { data: bypass } = await authorApi.spaces.createChangeRequest(space.spaceId, { subject: 'Bypass' });
      expect((await authorApi.spaces.mergeChangeRequest(space.spaceId, bypass.id)).data.result).toBe('merge');
    } finally {
      await api.spaces.updateSpaceById(space.spaceId, { mergeRules: { type: 'inherit' } });
    }
  });

  it('applies the organization rules to a space that inherits them, unless the space sets its own', async () => {
    const api = s.client();
    const [one, two, other] = [await s.member('review'), await s.member('review'), await s.member('review')];
    await api.orgs.updateOrganizationById(s.org, {
      mergeRules: { type: 'rules', rules: [{ rule: 'require_one_of_specific_reviewers', users: [one.userId, two.userId] }] },
    });
    try {
      expect((await api.spaces.getSpaceById(space.spaceId)).data.mergeRules).toEqual({ type: 'inherit' });
      const { data: cr } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Inherited' });
      const refused = await s.request('POST', `/v1/spaces/${space.spaceId}/change-requests/${cr.id}/merge`);
      expect(refused.status).toBe(412);
      expect(refused.json.error.message).toContain(`one of ${one.userId}, ${two.userId}`);
      await s.client(other.token).spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved });
      expect(await statusOf(api.spaces.mergeChangeRequest(space.spaceId, cr.id))).toBe(412);
      await s.client(two.token).spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved });
      expect((await api.spaces.mergeChangeRequest(space.spaceId, cr.id)).data.result).toBe('merge');

      await api.spaces.updateSpaceById(space.spaceId, { mergeRules: { type: 'none' } });
      const { data: free } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Own rules' });
      expect((await api.spaces.mergeChangeRequest(space.spaceId, free.id)).data.result).toBe('merge');
    } finally {
      await api.spaces.updateSpaceById(space.spaceId, { mergeRules: { type: 'inherit' } });
      await api.orgs.updateOrganizationById(s.org, { mergeRules: { type: 'none' } });
    }
  });

  it('needs a current approval from every specific reviewer', async () => {
    const api = s.client();
    const [one, two] = [await s.member('review'), await s.member('review')];
    await api.spaces.updateSpaceById(space.spaceId, {
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [one.userId, two.userId] }] },
    });
    try {
      const { data: cr } = await api.spaces.createChangeRequest(space.spaceId, { subject: 'Both of them' });
      const merge = () => s.request('POST', `/v1/spaces/${space.spaceId}/change-requests/${cr.id}/merge`);
      await s.client(one.token).spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved });
      const refused = await merge();
      expect(refused.status).toBe(412);
      expect(refused.json.error.message).toContain(`missing ${two.userId}`);
      await s.client(two.token).spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.ChangesRequested });
      expect((await merge()).status).toBe(412);
      await s.client(two.token).spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved });
      await api.spaces.requestReviewersForChangeRequest(space.spaceId, cr.id, { users: [one.userId] });
      const outdated = await merge();
      expect(outdated.status).toBe(412);
      expect(outdated.json.error.message).toContain(`missing ${one.userId}`);
      await s.client(one.token).spaces.submitChangeRequestReview(space.spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved });
      expect((await merge()).json).toMatchObject({ result: 'merge' });
    } finally {
      await api.spaces.updateSpaceById(space.spaceId, { mergeRules: { type: 'inherit' } });
    }
  });

  it('needs the review role to merge and the edit role to create', async () => {
    const { data: cr } = await s.client().spaces.createChangeRequest(space.spaceId, { subject: 'Roles' });
    const editor = s.client((await s.member('edit')).token);
    expect(await statusOf(editor.spaces.mergeChangeRequest(space.spaceId, cr.id))).toBe(403);
    expect(await statusOf(s.client((await s.member('comment')).token).spaces.createChangeRequest(space.spaceId, { subject: 'x' }))).toBe(403);
    expect(await statusOf(s.client((await s.member('read')).token).spaces.getChangeRequestById(space.spaceId, cr.id))).toBe(200);
    expect(await statusOf(s.client((await s.member('none')).token).spaces.getChangeRequestById(space.spaceId, cr.id))).toBe(403);
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
