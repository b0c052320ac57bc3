// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
// Two `docs serve` processes on one PostgreSQL database, each in a folder of its own (no shared disk), fed by a
// `docs sync` run as a repository's CI would run it. Writes split across both at once: none lost, none doubled, no 5xx.
// A job enqueued through one server runs once. What one server writes, the other serves at once.
import { GitBookAPI } from '@gitbook/api';
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CORPORA, docs, project, serve } from '../helpers/cli.js';
import { createDatabase } from '../helpers/postgres.js';
import { waitFor } from '../helpers/wait-for.js';

const TOKEN = 'multi-server-admin';
const CONFIG = 'organizations:\n  - title: Acme\n';
const SPEC = 'openapi: 3.0.0\ninfo: { title: Pets, version: 1.0.0 }\npaths: {}\n';

let env: Record<string, string>;
let apis: GitBookAPI[];
let urls: string[];
let children: ChildProcess[];
const specHits: string[] = [];
let fixture: Server;

beforeAll(async () => {
  fixture = createServer((request, response) => {
    specHits.push(request.url ?? '/');
    response.writeHead(200, { 'content-type': 'application/yaml' }).end(SPEC);
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  const database = await createDatabase(inject('postgresUrl'), `multi_server_${process.pid}`);
  env = {
    DOCS_DATABASE_URL: database,
    DOCS_SECRET_KEY: 'ab'.repeat(32),
    DOCS_TOKEN: TOKEN,
    DOCS_ALLOW_HOSTS: `127.0.0.1:${(fixture.address() as AddressInfo).port}`,
  };
  // The repository's CI: `docs sync` into the team's database, from a folder of its own.
  const synced = await docs({ cwd: project(CONFIG, 'ci'), env }, 'sync', join(CORPORA, 'git-sync-normalization'), '--space', 'Handbook');
  expect(synced.code, synced.stderr).toBe(0);
  // Two servers, started together: the schema and the organizations are made once.
  const servers = await Promise.all([serve(project(CONFIG, 'server-a'), env), serve(project(CONFIG, 'server-b'), env)]);
  urls = servers.map((s) => s.url);
  children = servers.map((s) => s.child);
  apis = urls.map((endpoint) => new GitBookAPI({ endpoint, authToken: TOKEN }));
}, 180_000);

afterAll(() => new Promise<void>((resolve) => fixture.close(() => resolve())));

const api = (i: number) => apis[i % 2]!;

describe('two servers on one database', () => {
  it('share one organization and the space the CI job synced', async () => {
    const [a, b] = await Promise.all(apis.map(async (x) => (await x.orgs.listOrganizationsForAuthenticatedUser()).data.items));
    expect(a!.map((o) => o.title)).toEqual(['Acme']);
    expect(b!.map((o) => o.id)).toEqual(a!.map((o) => o.id));
    const spaces = (await api(0).orgs.listSpacesInOrganizationById(a![0]!.id)).data.items;
    expect(spaces.map((s) => s.title)).toEqual(['Handbook']);
  });

  it('take 200 concurrent writes split across both: no lost update, no duplicate id, no 5xx', async () => {
    const org = (await api(0).orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
    const space = (await api(0).orgs.listSpacesInOrganizationById(org)).data.items[0]!;
    const { data: cr } = await api(0).spaces.createChangeRequest(space.id, { subject: 'Many writers, two servers' });
    const { data: first } = await api(1).spaces.postCommentInSpace(space.id, { body: { markdown: 'Thread' } });
    const { data: site } = await api(0).orgs.createSite(org, { title: 'Handbook site' });
    const base = (await api(0).orgs.getSiteCustomizationById(org, site.id)).data;
    const statuses: number[] = [];
    const ok = async <T extends { status: number }>(call: Promise<T>) => {
      const response = await call;
      statuses.push(response.status);
      return response;
    };
    const writes = [
      // 60 pages written into one change request: each write moves its revision by compare-and-set.
      ...Array.from(
        { length: 60 },
        (_, i) => () =>
          ok(
            fetch(`${urls[i % 2]}/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
              method: 'POST',
              headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
              body: JSON.stringify({ changes: [{ operation: 'insert_page', title: `Writer ${i}`, document: { markdown: `Written by ${i}.\n` } }] }),
            }),
          ),
      ),
      ...Array.from({ length: 60 }, (_, i) => () => ok(api(i).spaces.postCommentInSpace(space.id, { body: { markdown: `Comment ${i}` } }))),
      ...Array.from({ length: 40 }, (_, i) => () => ok(api(i).spaces.postCommentReplyInSpace(space.id, first.id, { body: { markdown: `Reply ${i}` } }))),
      ...Array.from(
        { length: 20 },
        (_, i) => () => ok(api(i).spaces.updateCommentInSpace(space.id, first.id, { addedReactions: [['👍', '🎉', '🚀', '👀', '❤️'][i % 5]!] })),
      ),
      ...Array.from(
        { length: 20 },
        (_, i) => () =>
          ok(
            api(i).orgs.updateSiteCustomizationById(org, site.id, {
              ...base,
              title: `Title ${i}`,
              styling: { ...base.styling, primaryColor: { light: `#0000${String(i).padStart(2, '0')}`, dark: '#000000' } },
            }),
          ),
      ),
    ];
    expect(writes).toHaveLength(200);
    await Promise.all(writes.map((write) => write()));
    expect(statuses.filter((status) => status >= 300)).toEqual([]);

    const { data: tree } = await api(1).spaces.getRevisionOfChangeRequestById(space.id, cr.id);
    const written = tree.pages.map((p) => p.title).filter((t) => t.startsWith('Writer '));
    expect(written.sort()).toEqual(Array.from({ length: 60 }, (_, i) => `Writer ${i}`).sort());
    expect(new Set(tree.pages.map((p) => p.id)).size).toBe(tree.pages.length);

    const comments = (await api(0).spaces.listCommentsInSpace(space.id, { limit: 100 })).data;
    expect(comments.count).toBe(61);
    expect(new Set(comments.items.map((c) => c.id)).size).toBe(comments.items.length);
    const { data: thread } = await api(1).spaces.getCommentInSpace(space.id, first.id);
    expect(thread.replies).toBe(40);
    const replies = (await api(0).spaces.listCommentRepliesInSpace(space.id, first.id, { limit: 100 })).data.items;
    expect(new Set(replies.map((r) => r.id)).size).toBe(40);
    expect(thread.reactions.map((r) => r.emoji).sort()).toEqual(['❤️', '🎉', '👀', '👍', '🚀'].sort());

    // Each customization landed whole: the title and the colour come from one request.
    const { data: customized } = await api(1).orgs.getSiteCustomizationById(org, site.id);
    const n = /^Title (\d+)$/.exec(customized.title ?? '')?.[1];
    expect(customized.styling.primaryColor.light).toBe(`#0000${n!.padStart(2, '0')}`);
  });

  it('serve at once, from either server, what the other one wrote', async () => {
    const org = (await api(0).orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
    const space = (await api(0).orgs.listSpacesInOrganizationById(org)).data.items[0]!;
    for (let i = 0; i < 5; i++) {
      const title = `Handbook v${i}`;
      const [writer, reader] = [api(i), api(i + 1)];
      await reader.spaces.getSpaceById(space.id); // cached on the reader, before the write
      await writer.spaces.updateSpaceById(space.id, { title });
      await waitFor(async () => (await reader.spaces.getSpaceById(space.id)).data.title === title, {
        message: 'the other server to serve the new title',
        timeout: 500,
      });
    }
  });

  it('land both of two patches of different fields sent at once to the two servers', async () => {
    const org = (await api(0).orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
    const space = (await api(0).orgs.listSpacesInOrganizationById(org)).data.items[0]!;
    for (let i = 0; i < 5; i++) {
      const emoji = ['1f600', '1f680', '1f4da', '2705', '1f525'][i]!;
      await Promise.all([api(i).spaces.updateSpaceById(space.id, { title: `Patched ${i}` }), api(i + 1).spaces.updateSpaceById(space.id, { emoji })]);
      // Each server shows the other's write once its notification came: within moments, never a lost field.
      await waitFor(
        async () => {
          const { data } = await api(i).spaces.getSpaceById(space.id);
          return data.title === `Patched ${i}` && data.emoji === emoji;
        },
        { message: 'both patches', timeout: 2000 },
      );
    }
  });

  it('runs a job enqueued through one server exactly once, whichever server claims it', async () => {
    const org = (await api(0).orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
    const url = `http://${env.DOCS_ALLOW_HOSTS}/pets.yaml`;
    await api(0).orgs.createOpenApiSpec(org, { slug: 'pets', source: { url } });
    await waitFor(async () => (await api(1).orgs.getOpenApiSpecBySlug(org, 'pets')).data.processingState === 'complete', {
      message: 'the spec to be processed',
      timeout: 20_000,
    });
    // Both servers keep draining jobs: give them time to run it twice if they would.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(specHits.filter((path) => path === '/pets.yaml')).toHaveLength(1);
    expect((await api(1).orgs.listOpenApiSpecVersions(org, 'pets')).data.items).toHaveLength(1);
  });

  it('lose nothing when one is killed (kill -9) in the middle of merges: the other merges what is left, once', async () => {
    const org = (await api(0).orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
    const space = (await api(0).orgs.listSpacesInOrganizationById(org)).data.items[0]!;
    const pages = (await api(1).spaces.listPages(space.id)).data.pages.filter((p) => p.type === 'document').slice(0, 6);
    const crs: string[] = [];
    for (const [i, page] of pages.entries()) {
      const { data: cr } = await api(1).spaces.createChangeRequest(space.id, { subject: `Crash ${i}` });
      const written = await fetch(`${urls[1]}/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ changes: [{ operation: 'insert_page', into: page.id, title: `Survivor ${i}`, document: { markdown: `Kept ${i}.\n` } }] }),
      });
      expect(written.status).toBe(200);
      crs.push(cr.id);
    }
    // Every merge sent to server A, which dies while they run.
    const sent = crs.map((id) =>
      api(0)
        .spaces.mergeChangeRequest(space.id, id)
        .catch((error: unknown) => error),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    children[0]!.kill('SIGKILL');
    await Promise.all(sent);
    // Server B merges whatever A did not: each change request ends merged, once.
    for (const id of crs) {
      const { data: cr } = await api(1).spaces.getChangeRequestById(space.id, id);
      if (cr.status !== 'merged') expect((await api(1).spaces.mergeChangeRequest(space.id, id)).data.result).toBe('merge');
    }
    const { data: tree } = await api(1).spaces.getCurrentRevision(space.id);
    const titles: string[] = [];
    const walk = (list: typeof tree.pages) => {
      for (const page of list) {
        titles.push(page.title);
        if ('pages' in page) walk(page.pages as typeof tree.pages);
      }
    };
    walk(tree.pages);
    expect(titles.filter((t) => t.startsWith('Survivor ')).sort()).toEqual(crs.map((_, i) => `Survivor ${i}`).sort());
  });
});
