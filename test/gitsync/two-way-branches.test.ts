// backends: SQLite, and PostgreSQL in the domain-postgres project.
import { afterAll, describe, expect, it } from 'vitest';
import { installGitSync } from '../../src/gitsync/two-way/install.js';
import { cleanTemps, lines, SAMPLE, synced } from './two-way-helpers.js';

afterAll(cleanTemps);

describe('branches are change requests', () => {
  it('opens a change request for another branch, updates it with new commits, and leaves the space alone', async () => {
    const s = await synced();
    const spaceRevision = (await s.current()).revisionId;
    s.repo.git('checkout', '-q', '-b', 'feature');
    const first = s.repo.commit({ 'api.md': lines('# API', '', 'The API, on a branch.') }, 'Document the API');
    const [opened] = await s.sync({ ref: 'feature' });
    expect(opened).toMatchObject({ action: 'change-request', changeRequest: { number: 1, created: true }, pagesChanged: 1 });
    const cr = (await s.store.changeRequests.get(opened!.changeRequest!.id))!;
    expect(cr).toMatchObject({ subject: 'feature', status: 'open', baseRevisionId: spaceRevision });
    expect(await s.body(await s.pageAt('api.md', await s.content(cr.revisionId)))).toContain('on a branch');
    expect((await s.store.revisions.get(cr.revisionId))!.git).toMatchObject({ oid: first, ref: 'feature' });
    expect((await s.current()).revisionId).toBe(spaceRevision);

    s.repo.commit({ 'faq.md': lines('# FAQ', '', 'Questions, on a branch.') });
    const [updated] = await s.sync({ ref: 'feature' });
    expect(updated).toMatchObject({ action: 'change-request', changeRequest: { id: cr.id, created: false }, pagesChanged: 1 });
    const again = (await s.store.changeRequests.get(cr.id))!;
    expect(await s.body(await s.pageAt('faq.md', await s.content(again.revisionId)))).toContain('on a branch');
    expect(await s.body(await s.pageAt('api.md', await s.content(again.revisionId)))).toContain('on a branch');
    expect((await s.sync({ ref: 'feature' }))[0]).toMatchObject({ action: 'nothing', changeRequest: { id: cr.id } });
    expect(await s.store.changeRequests.list([s.spaceId], {})).toHaveLength(1);
  });

  it('bases the change request on the commit the branch forked from, so merging it keeps later main changes', async () => {
    const s = await synced();
    const forkRevision = (await s.current()).revisionId;
    s.repo.git('branch', 'feature');
    s.repo.commit({ 'guide.md': SAMPLE['guide.md'].replace('Second line.', 'Second line, on main.') });
    await s.sync();
    s.repo.git('checkout', '-q', 'feature');
    s.repo.commit({ 'api.md': lines('# API', '', 'The API, on a branch.') });
    const [opened] = await s.sync({ ref: 'feature' });
    const cr = (await s.store.changeRequests.get(opened!.changeRequest!.id))!;
    expect(cr.baseRevisionId).toBe(forkRevision);
    expect((await s.domain.changeRequests.merge(s.caller, s.spaceId, cr.id)).result).toBe('merge');
    expect(await s.body(await s.pageAt('guide.md'))).toContain('on main');
    expect(await s.body(await s.pageAt('api.md'))).toContain('on a branch');
  });

  it('exports a merged change request to the main branch as one QUIRE-<n> commit', async () => {
    const s = await synced();
    installGitSync(s.domain);
    s.repo.git('checkout', '-q', '-b', 'feature');
    s.repo.commit({ 'api.md': lines('# API', '', 'The API, on a branch.') });
    const [opened] = await s.sync({ ref: 'feature' });
    s.repo.git('checkout', '-q', 'main');
    const mainBefore = s.repo.git('rev-parse', 'main');
    await s.domain.changeRequests.update(s.caller, s.spaceId, opened!.changeRequest!.id, { subject: 'Document the API' });
    const outcome = await s.domain.changeRequests.merge(s.caller, s.spaceId, opened!.changeRequest!.id);
    expect(outcome.result).toBe('merge');
    await s.domain.jobs.runDue();
    expect(await s.store.jobs.list('failed')).toEqual([]);
    expect(s.repo.git('log', '-1', '--format=%s', 'main')).toBe('QUIRE-1: Document the API');
    expect(s.repo.git('rev-parse', 'main^')).toBe(mainBefore);
    expect(s.repo.show('api.md')).toContain('on a branch');
    expect(s.repo.show('guide.md')).toBe(SAMPLE['guide.md'].trimEnd());
    expect((await s.sync())[0]).toMatchObject({ action: 'nothing' });
  });

  it('uses the configured merge message template for the merge commit', async () => {
    const s = await synced();
    installGitSync(s.domain, { mergeMessage: 'docs: {subject} (change request {number})\n\nMerged in Quire.' });
    s.repo.git('checkout', '-q', '-b', 'feature');
    s.repo.commit({ 'faq.md': lines('# FAQ', '', 'Questions, on a branch.') });
    const [opened] = await s.sync({ ref: 'feature' });
    s.repo.git('checkout', '-q', 'main');
    await s.domain.changeRequests.update(s.caller, s.spaceId, opened!.changeRequest!.id, { subject: 'Answer questions' });
    expect((await s.domain.changeRequests.merge(s.caller, s.spaceId, opened!.changeRequest!.id)).result).toBe('merge');
    await s.domain.jobs.runDue();
    expect(await s.store.jobs.list('failed')).toEqual([]);
    expect(s.repo.git('log', '-1', '--format=%B', 'main')).toBe('docs: Answer questions (change request 1)\n\nMerged in Quire.');
    expect(s.repo.show('faq.md')).toContain('on a branch');
  });

  it('names a merged change request in the commit when `docs sync` is what exports it', async () => {
    const s = await synced();
    // No installGitSync: the merge reaches git through the next sync, as when the server was not running.
    s.repo.git('checkout', '-q', '-b', 'feature');
    s.repo.commit({ 'faq.md': lines('# FAQ', '', 'Questions, on a branch.') });
    const [opened] = await s.sync({ ref: 'feature' });
    s.repo.git('checkout', '-q', 'main');
    await s.domain.changeRequests.update(s.caller, s.spaceId, opened!.changeRequest!.id, { subject: 'Answer questions' });
    await s.domain.changeRequests.merge(s.caller, s.spaceId, opened!.changeRequest!.id);
    const [exported] = await s.sync({ mergeMessage: '[{number}] {subject}' });
    expect(exported).toMatchObject({ action: 'export', written: ['faq.md'] });
    expect(s.repo.git('log', '-1', '--format=%s', 'main')).toBe('[1] Answer questions');
    // A later edit that is not a merge gets the ordinary message.
    await s.setBody('api.md', lines('# API', '', 'The API, edited.'));
    await s.sync({ mergeMessage: '[{number}] {subject}' });
    expect(s.repo.git('log', '-1', '--format=%s', 'main')).toBe('Update from Docs (Quire)');
  });
});
