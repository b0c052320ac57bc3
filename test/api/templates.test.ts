// Built-in templates through the official client: createSpace with `template` and applyTemplateToSpace, their slots
// (`params.contentRefs`), their errors; and each template proven end to end: the content equals the template tree
// imported by `docs sync`, exports to git byte for byte, comes back through a git import, and builds a site with no
// broken links.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { Caller } from '../../src/domain/index.js';
import { gitEvents } from '../../src/domain/git-sync/git.js';
import { TEMPLATES_DIR } from '../../src/domain/templates/templates.js';
import { loadCatalog } from '../../src/domain/templates/catalog.js';
import { syncDirectory } from '../../src/gitsync/import.js';
import { installGitSync } from '../../src/gitsync/two-way/install.js';
import { parsePageFile, serializePageFile } from '../../src/content/page-file.js';
import { parseSummary, serializeSummary } from '../../src/content/summary.js';
import { buildSite } from '../../src/site/build.js';
import { siteSources, spaceSite } from '../../src/site/space-site.js';
import type { RevisionContent } from '../../src/model/index.js';
import { cleanTemps, repository } from '../gitsync/two-way-helpers.js';
import { tempDir } from '../site/helpers.js';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const s = useServer();
const TEMPLATES = ['api-reference', 'changelog', 'knowledge-base', 'onboarding', 'product-docs'];
const catalog = loadCatalog(TEMPLATES_DIR);
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000020000000308060000009dc8c0a0', 'hex');

beforeAll(async () => installGitSync(s.domain));
afterAll(async () => {
  await s.domain.jobs.stop();
  cleanTemps();
});

const owner = async () => new Caller(s.store, (await s.store.users.get(s.ownerId))!);
const content = async (spaceId: string): Promise<RevisionContent> => await s.store.revisions.content((await s.store.content.space(spaceId))!.revisionId);

/** Content with page and file ids replaced by their position, to compare two spaces' trees. */
/** The content with its ids numbered in order, and without the dates of the files it was read from. */
function shape(c: RevisionContent): unknown {
  const ids = new Map<string, string>([...c.pages.map((p, i) => [p.id, `page${i}`] as const), ...c.files.map((f, i) => [f.id, `file${i}`] as const)]);
  return JSON.parse(
    JSON.stringify({ pages: c.pages, files: c.files }, (k, v) => (k === 'updatedAt' ? undefined : typeof v === 'string' && ids.has(v) ? ids.get(v) : v)),
  );
}

/** The message of a failed call, without the client's prefix. */

/** POSTs changes to a change request (updateChangeRequestContent of @gitbook/api 0.202, not in the 0.143.2 client). */
async function writeContent(spaceId: string, crId: string, changes: unknown[]) {
  const response = await fetch(`${s.url}/v1/spaces/${spaceId}/change-requests/${crId}/content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { files?: unknown };
}

/** A space holding only uploaded files (no pages), through a merged change request; returns its id and files by name. */
async function filesSpace(title: string, files: Array<{ name: string; type: string; bytes: Buffer }>) {
  const api = s.client();
  const { data: space } = await api.orgs.createSpace(s.org, { title });
  const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: 'Upload' });
  await writeContent(space.id, cr.id, [
    { operation: 'insert_files', files: files.map((f) => ({ name: f.name, contentType: f.type, base64: f.bytes.toString('base64') })) },
  ]);
  await api.spaces.mergeChangeRequest(space.id, cr.id);
  const listed = (await api.spaces.listFiles(space.id)).data.items;
  return { spaceId: space.id, file: (name: string) => listed.find((f) => f.name === name)!.id };
}

/** The space's landing page as markdown. */
async function home(spaceId: string) {
  const api = s.client();
  const flat = (pages: any[]): any[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);
  const landing = flat((await api.spaces.listPages(spaceId)).data.pages).find((p) => p.type === 'document' && p.path === '')!;
  return (await api.spaces.getPageById(spaceId, landing.id, { format: 'markdown' })).data as { markdown: string; cover?: unknown };
}

/** Runs the space's git jobs until `count` operations have completed; returns the last one. */
function completed(spaceId: string, count: number) {
  return waitFor(
    async () => {
      await s.domain.jobs.runDue();
      const done = (await gitEvents(s.domain.deps, spaceId)).filter((e) => e.type === 'space_gitsync_completed');
      return done.length >= count && done.at(-1);
    },
    { timeout: 20_000, interval: 10, message: `${count} git operations of space ${spaceId} to complete` },
  );
}

describe('the built-in templates', () => {
  it('are five Git Sync trees in GitBook canonical form, each with a manifest whose slots point at its files', () => {
    expect([...catalog.keys()]).toEqual(TEMPLATES);
    for (const template of catalog.values()) {
      for (const [path, bytes] of template.tree) {
        if (!path.endsWith('.md')) continue;
        const text = Buffer.from(bytes).toString('utf8');
        // What an export writes back: an unchanged template page never gets rewritten by a sync.
        const canonical = path === 'SUMMARY.md' ? serializeSummary(parseSummary(text).items) : serializePageFile(parsePageFile(text));
        expect(canonical, `${template.id}/${path}`).toBe(text);
      }
      expect(Object.keys(template.slots).length).toBeGreaterThan(0);
      for (const slot of Object.values(template.slots)) expect(template.tree.has(slot.file)).toBe(true);
    }
    const api = catalog.get('api-reference')!;
    const pets = Buffer.from(api.tree.get('reference/pets.md')!).toString('utf8');
    expect(pets).toContain('{% openapi src="../.gitbook/assets/openapi.yaml" path="/pets" method="get" %}');
    expect(api.tree.has('.gitbook/assets/openapi.yaml')).toBe(true);
    expect(Buffer.from(catalog.get('changelog')!.tree.get('README.md')!).toString('utf8')).toContain('{% updates format="full" %}');
  });

  it('give a space exactly what `docs sync` imports from the template tree, through createSpace and applyTemplateToSpace', async () => {
    const api = s.client();
    for (const id of TEMPLATES) {
      const created = await api.orgs.createSpace(s.org, { title: `From ${id}`, template: { id } } as never);
      expect(created.status).toBe(201);
      expect(created.data.revision).not.toBe((await api.orgs.createSpace(s.org, { title: 'Plain' })).data.revision);
      const [report] = await syncDirectory(s.domain, {
        dir: join(TEMPLATES_DIR, id),
        workTree: true,
        space: `Imported ${id}`,
        organizationId: s.org,
        caller: await owner(),
        parseWorkers: 0,
      });
      expect(report!.warnings).toEqual([]);
      expect(shape(await content(created.data.id))).toEqual(shape(await content(report!.space.id)));

      const { data: empty } = await api.orgs.createSpace(s.org, { title: `Applied ${id}` });
      const applied = await api.spaces.applyTemplateToSpace(empty.id, { id });
      expect(applied.status).toBe(201);
      expect(applied.data).toBeFalsy();
      expect(shape(await content(empty.id))).toEqual(shape(await content(report!.space.id)));
      const { data: revision } = await api.spaces.getCurrentRevision(empty.id);
      expect(revision.parents).toEqual([empty.revision]);
      expect((await api.spaces.getSpaceById(empty.id)).data.revision).toBe(revision.id);
    }
  });

  it('names a space after its template unless it is given a title', async () => {
    const { data } = await s.client().orgs.createSpace(s.org, { template: { id: 'knowledge-base' } } as never);
    expect(data.title).toBe('Knowledge base');
  });

  it('makes readable, searchable, linked pages', async () => {
    const api = s.client();
    const { data: space } = await api.orgs.createSpace(s.org, { template: { id: 'product-docs' } } as never);
    const { data: pages } = await api.spaces.listPages(space.id);
    expect(pages.pages.map((p) => [p.type, p.title])).toEqual([
      ['document', 'Welcome'],
      ['group', 'Getting started'],
      ['group', 'Guides'],
      ['group', 'Reference'],
    ]);
    const { data: quickstart } = await api.spaces.getPageByPath(space.id, 'getting-started/quickstart', { format: 'markdown' });
    expect((quickstart as { markdown: string }).markdown).toContain('{% stepper %}');
    const { data: hits } = await api.spaces.searchSpaceContent(space.id, { query: 'promotion' });
    expect(hits.items.map((h) => h.title)).toEqual(['Your first project']);
    const { data: links } = await api.spaces.listSpaceLinks(space.id);
    expect(links.stats).toEqual({ total: links.count, broken: { total: 0 } });
    expect(links.items.every((l) => l.status === 'ok')).toBe(true);
    const logo = (await api.spaces.listFiles(space.id)).data.items.find((f) => f.name === 'logo.svg')!;
    const { data: users } = await api.spaces.listSpaceFileBacklinks(space.id, logo.id);
    expect(users.items.map((l) => l.kind === 'page' && l.page.title)).toEqual(['Welcome']);
  });
});

describe('template slots (params.contentRefs)', () => {
  it('fill a slot with a file of another space: copied in under its own name, and the pages point at it', async () => {
    const api = s.client();
    const brand = await filesSpace('Brand', [{ name: 'acme.png', type: 'image/png', bytes: png }]);
    const { data: space } = await api.orgs.createSpace(s.org, {
      title: 'Acme docs',
      template: { id: 'product-docs', params: { contentRefs: { logo: { kind: 'file', file: brand.file('acme.png') } } } },
    } as never);
    const files = (await api.spaces.listFiles(space.id)).data.items;
    expect(files.map((f) => f.name)).toEqual(['acme.png']);
    expect(files[0]).toMatchObject({ contentType: 'image/png', size: png.length, dimensions: { width: 2, height: 3 } });
    expect(files[0]!.id).not.toBe(brand.file('acme.png'));
    const download = await fetch(files[0]!.downloadURL, { headers: { authorization: `Bearer ${s.ownerToken}` } });
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    expect((await home(space.id)).markdown).toContain('<img src=".gitbook/assets/acme.png"');
    const { data: users } = await api.spaces.listSpaceFileBacklinks(space.id, files[0]!.id);
    expect(users.items.map((l) => l.kind === 'page' && l.page.title)).toEqual(['Welcome']);
    expect((await api.spaces.listSpaceLinks(space.id, { status: 'broken' as never })).data.items).toEqual([]);
  });

  it('fill a cover slot: the page cover is the new file', async () => {
    const api = s.client();
    const brand = await filesSpace('Covers', [{ name: 'banner.png', type: 'image/png', bytes: png }]);
    const { data: space } = await api.orgs.createSpace(s.org, {
      template: { id: 'changelog', params: { contentRefs: { cover: { kind: 'file', file: brand.file('banner.png') } } } },
    } as never);
    const files = (await api.spaces.listFiles(space.id)).data.items;
    expect(files.map((f) => f.name)).toEqual(['banner.png']);
    const changelog = await home(space.id);
    expect(changelog.cover).toMatchObject({ ref: { kind: 'file', file: files[0]!.id } });
    expect(changelog.markdown).toContain('{% updates format="full" %}');
  });

  it('keep the files a space already has: a slot takes one of them in place, a template file at a taken path moves aside', async () => {
    const api = s.client();
    const taken = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    const own = await filesSpace('Own files', [
      { name: 'team.svg', type: 'image/svg+xml', bytes: taken },
      { name: 'crew.png', type: 'image/png', bytes: png },
    ]);
    const filesOf = async (spaceId: string) => (await api.spaces.listFiles(spaceId)).data.items.map((f) => [f.id, f.name, f.git?.path]);
    const before = await filesOf(own.spaceId);
    expect(
      (
        await api.spaces.applyTemplateToSpace(own.spaceId, {
          id: 'onboarding',
          params: { contentRefs: { 'team-photo': { kind: 'file', file: own.file('crew.png') } } },
        })
      ).status,
    ).toBe(201);
    const after = await filesOf(own.spaceId);
    // The slot used crew.png where it is; the template's team.svg is gone with the slot, so nothing moved aside.
    expect(after).toEqual(before);
    expect((await home(own.spaceId)).markdown).toContain('<img src=".gitbook/assets/crew.png"');

    const clash = await filesSpace('Clash', [{ name: 'team.svg', type: 'image/svg+xml', bytes: taken }]);
    await api.spaces.applyTemplateToSpace(clash.spaceId, { id: 'onboarding' });
    const files = (await api.spaces.listFiles(clash.spaceId)).data.items;
    expect(files.map((f) => f.name)).toEqual(['team.svg', 'team (1).svg']);
    expect(files[0]!.id).toBe(clash.file('team.svg'));
    expect((await home(clash.spaceId)).markdown).toContain('<img src=".gitbook/assets/team (1).svg"');
    expect((await api.spaces.listSpaceLinks(clash.spaceId)).data.stats.broken.total).toBe(0);
  });

  it('reject what cannot fill a slot with a 400 naming the field, and change nothing', async () => {
    const api = s.client();
    const brand = await filesSpace('Slot sources', [
      { name: 'spec.yaml', type: 'text/yaml', bytes: Buffer.from('openapi: 3.0.0\n') },
      { name: 'pic.png', type: 'image/png', bytes: png },
    ]);
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Target' });
    const cases: Array<[unknown, RegExp]> = [
      [{ id: 'cookbook' }, /^id: no template "cookbook"; the templates are api-reference, changelog, knowledge-base, onboarding, product-docs$/],
      [{}, /^body: id is required$|^template\.id: /],
      [
        { id: 'product-docs', params: { contentRefs: { banner: { kind: 'file', file: brand.file('pic.png') } } } },
        /^params\.contentRefs\.banner: the template "product-docs" has no slot "banner"; its slots are logo$/,
      ],
      [
        { id: 'product-docs', params: { contentRefs: { logo: { kind: 'url', url: 'https://example.com/logo.png' } } } },
        /^params\.contentRefs\.logo\.kind: template slots take files/,
      ],
      [{ id: 'product-docs', params: { contentRefs: { logo: { kind: 'file', file: 'nope' } } } }, /^params\.contentRefs\.logo\.file: no file nope/],
      [
        { id: 'product-docs', params: { contentRefs: { logo: { kind: 'file', file: brand.file('spec.yaml') } } } },
        /^params\.contentRefs\.logo\.file: the slot "logo" takes image\/ files; spec\.yaml is /,
      ],
      [{ id: 'product-docs', params: { contentRefs: { logo: { kind: 'file' } } } }, /params\.contentRefs\.logo\.file/],
      [{ id: 'product-docs', params: 'logo' }, /^params: /],
    ];
    const snapshot = await s.store.snapshot();
    for (const [body, message] of cases) {
      const error = await errorOf(api.spaces.applyTemplateToSpace(space.id, body as never));
      expect(error.code, JSON.stringify(body)).toBe(400);
      expect(error.message).toMatch(message);
      const create = await s.request('POST', `/v1/orgs/${s.org}/spaces`, { body: { title: 'Never', template: body } });
      expect(create.status, JSON.stringify(body)).toBe(400);
      expect(create.json.error.message).toMatch(/^template\.|^template: /);
    }
    // Names of Object.prototype members are no slots either (`__proto__` is refused as JSON already).
    for (const slot of ['constructor', 'toString']) {
      const rawBody = `{"id":"product-docs","params":{"contentRefs":{"${slot}":{"kind":"file","file":"${brand.file('pic.png')}"}}}}`;
      const r = await s.request('POST', `/v1/spaces/${space.id}/content/template`, { rawBody });
      expect(r.status).toBe(400);
      expect(r.json.error.message).toMatch(new RegExp(`^params\\.contentRefs\\.${slot}: the template "product-docs" has no slot`));
    }
    for (const template of ['product-docs', 42, null, []]) {
      const create = await s.request('POST', `/v1/orgs/${s.org}/spaces`, { body: { template } });
      expect(create.status).toBe(400);
      expect(create.json.error.message).toMatch(/^template/);
    }
    expect(await s.store.snapshot()).toEqual(snapshot);
  });

  it('never reads a file from a space the caller cannot read', async () => {
    const api = s.client();
    const secret = await filesSpace('Secret', [{ name: 'secret.png', type: 'image/png', bytes: png }]);
    await api.spaces.updateSpaceById(secret.spaceId, { defaultLevel: null } as never);
    const guest = await s.member(null);
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Guest target' });
    await api.spaces.inviteToSpace(space.id, { role: 'edit' as never, users: [guest.userId] });
    const body = { id: 'product-docs', params: { contentRefs: { logo: { kind: 'file' as const, file: secret.file('secret.png') } } } };
    const error = await errorOf(s.client(guest.token).spaces.applyTemplateToSpace(space.id, body));
    expect(error).toMatchObject({ code: 400, message: expect.stringMatching(/^params\.contentRefs\.logo\.file: no file/) });
    // The owner, who can read it, may use it.
    expect((await api.spaces.applyTemplateToSpace(space.id, body)).status).toBe(201);
  });
});

describe('applyTemplateToSpace errors', () => {
  it('answers 409 on a space that has pages, 404 on an unknown or deleted space, 403 below edit, and changes nothing', async () => {
    const api = s.client();
    const { data: full } = await api.orgs.createSpace(s.org, { template: { id: 'changelog' } } as never);
    const { data: empty } = await api.orgs.createSpace(s.org, { title: 'Empty' });
    const { data: gone } = await api.orgs.createSpace(s.org, { title: 'Gone' });
    await api.spaces.deleteSpaceById(gone.id);
    const reader = await s.member('read');
    const snapshot = await s.store.snapshot();
    const conflict = await errorOf(api.spaces.applyTemplateToSpace(full.id, { id: 'product-docs' }));
    expect(conflict).toMatchObject({ code: 409, message: expect.stringContaining('already has pages') });
    expect(await statusOf(api.spaces.applyTemplateToSpace('nope', { id: 'product-docs' }))).toBe(404);
    expect(await statusOf(api.spaces.applyTemplateToSpace(gone.id, { id: 'product-docs' }))).toBe(404);
    expect(await statusOf(s.client(reader.token).spaces.applyTemplateToSpace(empty.id, { id: 'product-docs' }))).toBe(403);
    expect((await s.request('POST', `/v1/spaces/${empty.id}/content/template`, { token: null, body: { id: 'product-docs' } })).status).toBe(401);
    expect(await s.store.snapshot()).toEqual(snapshot);
  });

  it('createSpace still answers 501 for a computed source, and 400 for both at once', async () => {
    const computedSource = { type: 'builtin:openapi', props: {}, dependencies: {} };
    const r = await s.request('POST', `/v1/orgs/${s.org}/spaces`, { body: { title: 'C', computedSource } });
    expect(r.status).toBe(501);
    const both = await s.request('POST', `/v1/orgs/${s.org}/spaces`, { body: { title: 'C', computedSource, template: { id: 'changelog' } } });
    expect(both.status).toBe(400);
  });
});

describe('each template, end to end', () => {
  it('exports to git byte for byte, imports back unchanged, and builds a site with no broken links', async () => {
    const api = s.client();
    for (const id of TEMPLATES) {
      const template = catalog.get(id)!;
      const { data: space } = await api.orgs.createSpace(s.org, { template: { id } } as never);

      const repo = repository({ '.gitignore': 'node_modules\n' });
      expect((await api.spaces.exportToGitRepository(space.id, { url: repo.dir, ref: 'main', commitMessage: `Start from the ${id} template` })).status).toBe(
        204,
      );
      expect(await completed(space.id, 1)).toMatchObject({ state: 'success', operation: 'export' });
      for (const [path, bytes] of template.tree) expect(repo.show(path), `${id}/${path}`).toBe(Buffer.from(bytes).toString('utf8').trimEnd());
      expect(repo.git('log', '-1', '--format=%s')).toBe(`Start from the ${id} template`);

      const { data: back } = await api.orgs.createSpace(s.org, { title: `Back ${id}` });
      await api.spaces.importGitRepository(back.id, { url: repo.dir, ref: 'main' });
      expect(await completed(back.id, 1)).toMatchObject({ state: 'success', operation: 'import' });
      expect(shape(await content(back.id))).toEqual(shape(await content(space.id)));

      const out = tempDir(`template-${id}`);
      const report = await buildSite(await spaceSite(s.domain, await owner(), space.id, { siteUrl: 'https://docs.example.com' }), siteSources(s.domain), {
        out,
      });
      expect(report.brokenLinks, id).toEqual([]);
      expect(report.pages).toBe((await content(space.id)).pages.filter((p) => p.kind === 'document').length);
      expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(`<title>`);
      rmSync(out, { recursive: true, force: true });
    }
  });
});
