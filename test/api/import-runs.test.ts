// Import runs (0.202.0): a website import recorded as a job with its status; started, listed, read and cancelled.
import { describe, expect, it } from 'vitest';
import { html, useImportServer, useSite } from '../helpers/import-server.js';

const page = (title: string, body: string) =>
  html(`<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`);
const site = useSite({
  '/': page('Handbook', '<p>Read the <a href="guide.html">guide</a>.</p>'),
  '/guide.html': page('Guide', '<p>Install it.</p>'),
});
const s = useImportServer({ crawlDelayMs: 0, timeoutMs: 800 }, () => [site.host]);

const start = async (body: unknown, token?: string) => await s.request('POST', `/org/${s.org}/imports`, body, token);

describe('import runs', () => {
  it('starts pending, runs as a job to completed with the pages it added, and is listed and read', async () => {
    const spaceId = await s.space('Imported');
    const before = (await s.store.content.space(spaceId))!.revisionId;
    const started = await start({ source: { type: 'website', url: `${site.url}/` }, target: { space: spaceId } });
    expect(started.status).toBe(201);
    const run = started.json;
    expect(run).toMatchObject({ object: 'import-run', status: 'pending', target: { space: spaceId }, source: { type: 'website', url: `${site.url}/` } });
    expect(run.urls.location).toBe(`${s.url}/v1/org/${s.org}/imports/${run.id}`);
    expect((await s.request('GET', `/org/${s.org}/imports?status=active`)).json.items.map((r: any) => r.id)).toContain(run.id);
    expect((await s.store.content.space(spaceId))!.revisionId).toBe(before);

    await s.domain.jobs.runDue();
    const done = (await s.request('GET', `/org/${s.org}/imports/${run.id}`)).json;
    expect(done).toMatchObject({ id: run.id, status: 'completed', completedAt: expect.any(String), startedAt: expect.any(String) });
    const content = await s.store.revisions.content((await s.store.content.space(spaceId))!.revisionId);
    expect(content.pages.map((p) => p.title)).toEqual(expect.arrayContaining(['Handbook', 'Guide']));
    expect(done.pages.map((p: any) => p.id).sort()).toEqual(
      content.pages
        .filter((p) => p.title === 'Handbook' || p.title === 'Guide')
        .map((p) => p.id)
        .sort(),
    );
    expect(done.pages.every((p: any) => p.status === 'complete')).toBe(true);

    const listed = (await s.request('GET', `/org/${s.org}/imports?space=${spaceId}`)).json;
    expect(listed.items.map((r: any) => [r.id, r.status])).toEqual([[run.id, 'completed']]);
    expect((await s.request('GET', `/org/${s.org}/imports?status=active&space=${spaceId}`)).json.items).toEqual([]);
  });

  it('a pending run is cancelled and never runs; a run over cannot be cancelled (400)', async () => {
    const spaceId = await s.space('Cancelled');
    const before = (await s.store.content.space(spaceId))!.revisionId;
    const run = (await start({ source: { type: 'website', url: `${site.url}/` }, target: { space: spaceId } })).json;
    const cancelled = await s.request('POST', `/org/${s.org}/imports/${run.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ id: run.id, status: 'cancelled' });
    await s.domain.jobs.runDue();
    expect((await s.request('GET', `/org/${s.org}/imports/${run.id}`)).json.status).toBe('cancelled');
    expect((await s.store.content.space(spaceId))!.revisionId).toBe(before);
    const again = await s.request('POST', `/org/${s.org}/imports/${run.id}/cancel`);
    expect([again.status, again.json.error.message]).toEqual([400, expect.stringContaining('only a pending run can be cancelled')]);
  });

  it('a source the server may not fetch: the run fails with the reason', async () => {
    const spaceId = await s.space('Refused');
    const run = (await start({ source: { type: 'website', url: 'http://10.0.0.1/docs/' }, target: { space: spaceId } })).json;
    await s.domain.jobs.runDue();
    const failed = (await s.request('GET', `/org/${s.org}/imports/${run.id}`)).json;
    expect(failed).toMatchObject({ status: 'failed', reason: expect.stringMatching(/10\.0\.0\.1|private|not allowed/i) });
    expect(failed.completedAt).toBeUndefined();
  });

  it('400 for a file source or a bad body, 403 below edit, 404 for an unknown run or space', async () => {
    const spaceId = await s.space('Guarded');
    const file = await start({ source: { type: 'file', files: ['a.md'] }, target: { space: spaceId } });
    expect([file.status, file.json.error.message]).toEqual([400, expect.stringContaining('source.type')]);
    expect((await start({ source: { type: 'website' }, target: { space: spaceId } })).status).toBe(400);
    const reader = await s.member('read');
    expect((await start({ source: { type: 'website', url: `${site.url}/` }, target: { space: spaceId } }, reader)).status).toBe(403);
    expect((await s.request('GET', `/org/${s.org}/imports/unknownrun0000000000`)).status).toBe(404);
    expect((await s.request('POST', `/org/${s.org}/imports/unknownrun0000000000/cancel`)).status).toBe(404);
    expect((await start({ source: { type: 'website', url: `${site.url}/` }, target: { space: 'unknownspace00000000' } })).status).toBe(404);
    // A reader sees the runs of spaces they read, and may not cancel them.
    const run = (await start({ source: { type: 'website', url: `${site.url}/` }, target: { space: spaceId } })).json;
    expect((await s.request('GET', `/org/${s.org}/imports/${run.id}`, undefined, reader)).json.status).toBe('pending');
    expect((await s.request('POST', `/org/${s.org}/imports/${run.id}/cancel`, undefined, reader)).status).toBe(403);
  });
});
