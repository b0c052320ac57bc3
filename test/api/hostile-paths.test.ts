import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeSlug } from '../../src/content/slug.js';
import { type DocumentPage, newId } from '../../src/model/index.js';
import { errorOf, useServer } from '../helpers/server.js';

// Slugs and redirect sources that would climb out of their folder are refused with 400 naming the field. The exact
// reproduction of the server hang (slugs `..` then `../../../x`, merge, then `../../../edit-escape`) runs against
// `docs serve` in a child process in test/e2e/hostile-paths.test.ts, so a regression fails instead of hanging the run.
const s = useServer({ sites: true });

const HOSTILE_SLUGS = ['..', '.', '.git', '../../../x', 'a/b', 'a\\b', '%2e%2e', '%2E%2E', 'a%2fb', 'tab\there', 'nul\u0000'];

async function changeRequest(title: string) {
  const api = s.client();
  const { data: space } = await api.orgs.createSpace(s.org, { title });
  const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: 'Slugs' });
  return { spaceId: space.id, crId: cr.id, revision: cr.revision };
}

/** POSTs a batch to the 0.202 content route (not in the 0.143.2 contract `request` checks against). */
async function writeContent(spaceId: string, crId: string, changes: unknown[]) {
  const response = await fetch(`${s.url}/v1/spaces/${spaceId}/change-requests/${crId}/content?compat=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, json: (await response.json()) as any };
}

const revisionOf = async (spaceId: string, crId: string) => (await s.client().spaces.getChangeRequestById(spaceId, crId)).data.revision;

describe('page slugs', () => {
  it('refuses an insert_page slug that is not one path segment with 400 naming the field, and changes nothing', async () => {
    for (const slug of HOSTILE_SLUGS) {
      const { spaceId, crId, revision } = await changeRequest(`Insert ${JSON.stringify(slug)}`);
      const { status, json } = await writeContent(spaceId, crId, [
        { operation: 'insert_page', title: 'Fine', document: { markdown: 'Fine.\n' } },
        { operation: 'insert_page', title: 'Escape', slug, document: { markdown: 'Out.\n' } },
      ]);
      expect(status, slug).toBe(400);
      expect(json).toEqual({ error: { code: 400, message: expect.stringMatching(/^changes\[1\]\.slug: .* is not a valid slug/) } });
      expect(await revisionOf(spaceId, crId)).toBe(revision);
    }
  });

  it('refuses a slug with a leading dot (a folder Git Sync skips, or `.git`) with 400 naming the field, and changes nothing', async () => {
    for (const slug of ['.hidden', '.git', '%2egit']) {
      const { spaceId, crId, revision } = await changeRequest(`Insert ${slug}`);
      const { status, json } = await writeContent(spaceId, crId, [{ operation: 'insert_page', title: 'Hidden', slug, document: { markdown: 'Hidden.\n' } }]);
      expect(status, slug).toBe(400);
      expect(json).toEqual({
        error: { code: 400, message: `changes[0].slug: "${slug}" is not a valid slug: a slug must not begin with "." (".", ".." or a hidden name)` },
      });
      expect(await revisionOf(spaceId, crId)).toBe(revision);
    }
  });

  it('refuses an update_page slug the same way, and accepts slugs with dots inside', async () => {
    const { spaceId, crId } = await changeRequest('Update slugs');
    const created = await writeContent(spaceId, crId, [{ operation: 'insert_page', title: 'Vue', slug: 'vue.js', document: { markdown: 'Vue.\n' } }]);
    expect(created.status).toBe(200);
    const page = created.json.changes[0].page.id as string;
    const revision = await revisionOf(spaceId, crId);
    for (const slug of HOSTILE_SLUGS) {
      const { status, json } = await writeContent(spaceId, crId, [{ operation: 'update_page', page, slug }]);
      expect(status, slug).toBe(400);
      expect(json.error.message).toMatch(/^changes\[0\]\.slug: /);
    }
    expect(await revisionOf(spaceId, crId)).toBe(revision);
    const { data } = await s.client().spaces.getPageInChangeRequestById(spaceId, crId, page);
    expect((data as { slug?: string }).slug).toBe('vue.js');
  });
});

describe('site redirect sources', () => {
  it('refuses sources with "." or ".." segments, raw or percent-encoded, on create and update (400 naming source)', async () => {
    const api = s.client().orgs;
    const { data: space } = await api.createSpace(s.org, { title: 'Redirected' });
    const { data: site } = await api.createSite(s.org, { title: 'Redirect site', spaces: [space.id] });
    const siteSpace = (await api.listSiteSpaces(s.org, site.id)).data.items[0]!;
    const destination = { kind: 'site-space' as const, siteSpaceId: siteSpace.id };
    for (const source of ['/../../../../tmp/x', '/%2e%2e/%2e%2e/tmp/x', '/old/%2E%2E/x', '/old/./page', '/%252e%252e/x']) {
      const error = await errorOf(api.createSiteRedirect(s.org, site.id, { source, destination }));
      expect(error, source).toEqual({ code: 400, message: expect.stringMatching(/^source: .*"\." or "\.\." segment/) });
    }
    expect((await api.listSiteRedirects(s.org, site.id)).data.items).toEqual([]);

    const { data: redirect } = await api.createSiteRedirect(s.org, site.id, { source: '/old/page.v2', destination });
    for (const source of ['/../x', '/%2e%2e/x']) {
      const error = await errorOf(api.updateSiteRedirectById(s.org, site.id, redirect.id, { source }));
      expect(error, source).toEqual({ code: 400, message: expect.stringMatching(/^source: /) });
    }
    expect((await api.listSiteRedirects(s.org, site.id)).data.items.map((r) => r.source)).toEqual(['/old/page.v2']);
  });
});

describe('published sites on docs serve', () => {
  it('builds a site holding hostile stored slugs and redirect sources without writing outside its folder, and serves nothing outside it', async () => {
    const api = s.client();
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Published hostile' });
    const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: 'Home' });
    expect((await writeContent(space.id, cr.id, [{ operation: 'insert_page', title: 'Home', document: { markdown: 'Welcome.\n' } }])).status).toBe(200);
    await api.spaces.mergeChangeRequest(space.id, cr.id);
    const { data: site } = await api.orgs.createSite(s.org, { title: 'Hostile site', spaces: [space.id] });
    await api.orgs.publishSite(s.org, site.id);
    const siteSpace = (await api.orgs.listSiteSpaces(s.org, site.id)).data.items[0]!;

    // Bad data written below the API's checks: a `..`-slug page and redirect sources climbing out.
    const escaped = `escaped-${newId()}`;
    const record = (await s.store.content.space(space.id))!;
    const content = await s.store.revisions.content(record.revisionId);
    const blob = await s.store.blobs.put(Buffer.from('# Out\n\nOut of bounds.\n', 'utf8'));
    const bad: DocumentPage = {
      id: newId(),
      kind: 'document',
      title: 'Out',
      slug: `../../../${escaped}`,
      path: `../../../${escaped}`,
      parentId: null,
      hidden: false,
      blob,
      git: null,
    };
    const id = newId();
    const now = new Date().toISOString();
    await s.store.tx(async () => {
      await s.store.revisions.insert(
        { id, spaceId: space.id, parents: [record.revisionId], type: 'edits', git: null, createdAt: now },
        { ...content, pages: [...content.pages, bad] },
      );
      await s.store.content.setSpaceRevision(space.id, record.revisionId, id, now);
    });
    for (const source of [`/../../${escaped}`, `/../../../${escaped}-api`, `/%2e%2e/%2e%2e/%2e%2e/${escaped}-encoded`]) {
      await s.store.sites.putRedirect({ id: newId(), siteId: site.id, source, destination: { kind: 'site-space', siteSpaceId: siteSpace.id }, createdAt: now });
    }

    const home = await fetch(`${s.url}/${site.basename}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Welcome.');
    const cache = readdirSync(tmpdir())
      .map((d) => join(tmpdir(), d))
      .find((d) => existsSync(join(d, site.id)))!;
    const outside = readdirSync(cache, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .filter((f) => !f.startsWith(`${join(cache, site.id)}/`));
    expect(outside).toEqual([]);
    for (const name of [escaped, `${escaped}-api`, `${escaped}-encoded`]) expect(existsSync(join(tmpdir(), name)), name).toBe(false);
    // Served where an export would put it: the slug an export repairs it to (`../../../x` -> `x`).
    expect((await fetch(`${s.url}/${site.basename}/${safeSlug(bad.slug)}/`)).status).toBe(200);
    for (const path of [`/${site.basename}/%2e%2e/%2e%2e/etc/passwd`, `/${site.basename}/..%2f..%2f..%2fetc%2fpasswd`]) {
      const response = await fetch(`${s.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('root:');
    }
  });
});
