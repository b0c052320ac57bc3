// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
/**
 * Reusable content and computed pages through the official client, over public-docs: its `developers` space
 * (which has a `builtin:openapi` SUMMARY item) with the repository's `.gitbook/includes` placed at the space root,
 * copied to a temporary folder (the corpus itself is only read).
 */
import type { RevisionPage, RevisionPageComputed } from '@gitbook/api';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncDirectory } from '../../src/gitsync/import.js';
import { CORPORA } from '../helpers/content.js';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();
const PUBLIC_DOCS = `${CORPORA}public-docs`;
let dir: string;
let spaceId: string;
let revisionId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-reusable-'));
  cpSync(join(PUBLIC_DOCS, 'developers'), dir, { recursive: true });
  cpSync(join(PUBLIC_DOCS, '.gitbook/includes'), join(dir, '.gitbook/includes'), { recursive: true });
  const { data: space } = await s.client().orgs.createSpace(s.org, { title: 'Developers' });
  const caller = (await s.domain.users.authenticate(s.ownerToken))!;
  await syncDirectory(s.domain, { dir, space: space.id, organizationId: s.org, caller });
  spaceId = space.id;
  revisionId = (await s.client().spaces.getCurrentRevision(spaceId)).data.id;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function flatten(pages: RevisionPage[]): RevisionPage[] {
  return pages.flatMap((p) => [p, ...('pages' in p ? flatten(p.pages as RevisionPage[]) : [])]);
}

describe('reusable content', () => {
  it('lists the includes in the revision and reads each by id, in the current revision and in a revision', async () => {
    const api = s.client();
    const { data: revision } = await api.spaces.getCurrentRevision(spaceId);
    expect(revision.reusableContents).toEqual([
      {
        id: expect.any(String),
        title: 'Empty template',
        git: { oid: expect.any(String), path: '.gitbook/includes/empty-template.md' },
        document: expect.any(String),
      },
    ]);
    const listed = revision.reusableContents[0] as { id: string; document: string };

    const { data: current } = await api.spaces.getReusableContentById(spaceId, listed.id);
    expect(current).toEqual(listed);
    const { data: inRevision } = await api.spaces.getReusableContentInRevisionById(spaceId, revisionId, listed.id);
    expect(inRevision).toEqual(listed);
    const { data: bare } = await api.spaces.getReusableContentInRevisionById(spaceId, revisionId, listed.id, { metadata: false });
    expect(bare).toEqual({ id: listed.id, title: 'Empty template', document: listed.document });
    expect(await statusOf(api.spaces.getReusableContentById(spaceId, 'nope'))).toBe(404);
    expect(await statusOf(api.spaces.getReusableContentInRevisionById(spaceId, revisionId, 'nope'))).toBe(404);
    expect(s.violations).toEqual([]);
  });

  it('serves the document of an include: its body (frontmatter left out), the same by revision and by document id', async () => {
    const api = s.client();
    const { data: revision } = await api.spaces.getCurrentRevision(spaceId);
    const rc = revision.reusableContents[0] as { id: string; document: string };
    const { data: doc } = await api.spaces.getReusableContentDocumentInRevisionById(spaceId, revisionId, rc.id);
    expect(doc.object).toBe('document');
    const text = JSON.stringify(doc);
    expect(text).not.toContain('Empty template');
    const headings = doc.nodes.filter((n) => n.type.startsWith('heading-')).map((n) => JSON.stringify(n));
    expect(headings).toHaveLength(2);
    expect(headings[0]).toContain('Improvements');
    expect(headings[1]).toContain('Fixes');
    expect(doc.nodes.filter((n) => n.type === 'list-unordered')).toHaveLength(2);
    // The body as written in the corpus: one paragraph, two headings, two lists.
    expect(readFileSync(join(PUBLIC_DOCS, '.gitbook/includes/empty-template.md'), 'utf8')).toContain('### Improvements');

    const { data: byId } = await api.spaces.getDocumentById(spaceId, rc.document);
    expect(byId).toEqual(doc);
    expect(await statusOf(api.spaces.getReusableContentDocumentInRevisionById(spaceId, revisionId, 'nope'))).toBe(404);
    expect(s.violations).toEqual([]);
  });
});

describe('computed content (`computed` query parameter)', () => {
  const openapiPage = (pages: RevisionPage[]) => flatten(pages).find((p): p is RevisionPageComputed => p.type === 'computed')!;
  const stored = { spec: { ref: { kind: 'openapi', spec: 'gitbook' } } };

  it('computes by default: the builtin:openapi page comes with its dependencies resolved', async () => {
    const api = s.client();
    for (const { data } of [await api.spaces.getCurrentRevision(spaceId), await api.spaces.getRevisionById(spaceId, revisionId)]) {
      const page = openapiPage(data.pages);
      expect(page.computed).toMatchObject({ type: 'builtin:openapi', props: { models: false, grouping: 'by-operation' } });
      // No OpenAPI spec named `gitbook` is held by this server: the dependency resolves to null.
      expect(page.computed.dependencies).toEqual({ spec: { ref: { kind: 'openapi', spec: 'gitbook' }, value: null } });
    }
    const { data: listed } = await api.spaces.listPages(spaceId);
    expect(openapiPage(listed.pages).computed.dependencies).toEqual({ spec: { ref: { kind: 'openapi', spec: 'gitbook' }, value: null } });
    expect(s.violations).toEqual([]);
  });

  it('computed=false leaves computed pages as their source, on every revision read', async () => {
    const api = s.client();
    const reads = [
      (await api.spaces.getCurrentRevision(spaceId, { computed: false })).data.pages,
      (await api.spaces.getRevisionById(spaceId, revisionId, { computed: false })).data.pages,
      (await api.spaces.listPages(spaceId, { computed: false })).data.pages,
      (await api.spaces.listPagesInRevisionById(spaceId, revisionId, { computed: false })).data.pages,
    ];
    for (const pages of reads) expect(openapiPage(pages).computed.dependencies).toEqual(stored);
    // Everything else is the same either way.
    const { data: computed } = await api.spaces.getCurrentRevision(spaceId);
    const { data: raw } = await api.spaces.getCurrentRevision(spaceId, { computed: false });
    const others = (pages: RevisionPage[]) => flatten(pages).flatMap((p) => (p.type === 'computed' ? [] : [{ ...p, pages: undefined }]));
    expect(others(raw.pages)).toEqual(others(computed.pages));
    expect(s.violations).toEqual([]);
  });
});
