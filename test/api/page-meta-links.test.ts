// Page meta links (0.202.0): a page's alternates are the same page in the space's translations (and in their source).
import type { Translation } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const s = useServer();

/** A space with one page, written through a merged change request. */
async function spaceWithPage(title: string): Promise<{ spaceId: string; pageId: string }> {
  const spaceId = (await s.client().orgs.createSpace(s.org, { title })).data.id;
  const cr = (await s.client().spaces.createChangeRequest(spaceId, { subject: 'Pages' })).data;
  const written = await s.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, {
    body: { changes: [{ operation: 'insert_page', title: 'Welcome', document: { markdown: 'Hello.\n' } }] },
  });
  expect(written.status).toBe(200);
  await s.client().spaces.mergeChangeRequest(spaceId, cr.id);
  const pages = (await s.client().spaces.listPages(spaceId)).data.pages;
  return { spaceId, pageId: pages.find((p) => p.title === 'Welcome')!.id };
}

function completed(id: string): Promise<Translation> {
  return waitFor(
    async () => {
      await s.domain.jobs.runDue();
      const { data } = await s.client().orgs.getTranslation(s.org, id);
      return data.status === 'completed' && data;
    },
    { timeout: 20_000, interval: 25, message: `the translation ${id} to complete` },
  );
}

describe('page meta links', () => {
  it('names the page in the translations of its space, from the space, a revision and a change request', async () => {
    s.domain.translations.configure({ provider: 'copy' });
    const { spaceId, pageId } = await spaceWithPage('Guide');
    const api = s.newerClient().spaces;
    expect((await api.listSpacePageMetaLinks(spaceId, pageId)).data).toEqual({ alternates: [] });

    const fr = (await s.client().orgs.createTranslation(s.org, { source: { space: spaceId, language: 'en' as never }, language: 'fr' as never })).data;
    const de = (await s.client().orgs.createTranslation(s.org, { source: { space: spaceId, language: 'en' as never }, language: 'de' as never })).data;
    const frSpace = (await completed(fr.id)).result!.space;
    const deSpace = (await completed(de.id)).result!.space;
    const spaces = (links: { alternates?: { kind: string; space?: string }[] }) => links.alternates!.map((a) => a.space).sort();

    const fromSource = (await api.listSpacePageMetaLinks(spaceId, pageId)).data;
    expect(fromSource.canonical).toBeUndefined();
    expect(fromSource.alternates!.every((a) => a.kind === 'page' && 'page' in a && a.page === pageId)).toBe(true);
    expect(spaces(fromSource)).toEqual([frSpace, deSpace].sort());
    // From a translation: its source and its sibling translations.
    expect(spaces((await api.listSpacePageMetaLinks(frSpace, pageId)).data)).toEqual([spaceId, deSpace].sort());

    const revision = (await s.client().spaces.getCurrentRevision(spaceId)).data.id;
    expect(spaces((await api.listRevisionPageMetaLinks(spaceId, revision, pageId)).data)).toEqual([frSpace, deSpace].sort());
    const cr = (await api.createChangeRequest(spaceId, { subject: 'Look' })).data;
    expect(spaces((await api.listChangeRequestPageMetaLinks(spaceId, cr.id, pageId)).data)).toEqual([frSpace, deSpace].sort());

    // A reader of the source who cannot read a translation does not see it named.
    const guest = await s.member(null);
    await s.client().spaces.inviteToSpace(spaceId, { role: 'read' as never, users: [guest.userId] });
    await s.client().spaces.inviteToSpace(frSpace, { role: 'read' as never, users: [guest.userId] });
    expect(spaces((await s.newerClient(guest.token).spaces.listSpacePageMetaLinks(spaceId, pageId)).data)).toEqual([frSpace]);
  });

  it('answers 404 for an unknown page or revision, 403 outside the organization (the operations take no input but their path)', async () => {
    const { spaceId, pageId } = await spaceWithPage('Other');
    const api = s.newerClient().spaces;
    const missing = await errorOf(api.listSpacePageMetaLinks(spaceId, 'unknownpage000000000'));
    expect(missing.code).toBe(404);
    expect(missing.message).toContain('unknownpage000000000');
    expect(await statusOf(api.listRevisionPageMetaLinks(spaceId, 'unknownrevision00000', pageId))).toBe(404);
    expect(await statusOf(api.listChangeRequestPageMetaLinks(spaceId, 'unknowncr00000000000', pageId))).toBe(404);
    const outsider = await s.member('admin', s.otherOrg);
    expect(await statusOf(s.newerClient(outsider.token).spaces.listSpacePageMetaLinks(spaceId, pageId))).toBe(403);
  });
});
