import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Caller, Domain } from '../../src/domain/index.js';
import { newId, type RevisionPage } from '../../src/model/index.js';
import { openStore } from '../../src/store/index.js';
import { cleanTemps, lines, repository, SAMPLE } from '../gitsync/two-way-helpers.js';
import { docs } from '../helpers/cli.js';

const temps: string[] = [];
afterAll(() => {
  cleanTemps();
  temps.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** A project syncing `repo` as the space Docs, with `conflict` in its config. */
function project(repoDir: string, conflict: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-two-way-'));
  temps.push(dir);
  writeFileSync(join(dir, 'docs.config.yaml'), `spaces:\n  - title: Docs\n    directory: ${repoDir}\n    conflict: ${conflict}\n`);
  return dir;
}

/** Changes the space's pages the way the API does: a new revision of the space (the CLI is not running meanwhile). */
async function changeSpace(projectDir: string, change: (pages: RevisionPage[]) => RevisionPage[]): Promise<string> {
  const store = openStore(join(projectDir, '.docs'));
  try {
    const space = (await store.content.spacesIn((await store.organizations.all())[0]!.id)).find((s) => s.title === 'Docs')!;
    const content = await store.revisions.content(space.revisionId);
    const id = newId();
    const now = new Date().toISOString();
    await store.tx(async () => {
      await store.revisions.insert(
        { id, spaceId: space.id, parents: [space.revisionId], type: 'edits', git: null, createdAt: now },
        { ...content, pages: change(content.pages) },
      );
      await store.content.setSpaceRevision(space.id, space.revisionId, id, now);
    });
    return id;
  } finally {
    await store.close();
  }
}

/** The space's current pages, and the body of one by title. */
async function spacePages(projectDir: string): Promise<{ pages: RevisionPage[]; body: (title: string) => string | undefined; revisionId: string }> {
  const store = openStore(join(projectDir, '.docs'));
  try {
    const space = (await store.content.spacesIn((await store.organizations.all())[0]!.id)).find((s) => s.title === 'Docs')!;
    const { pages } = await store.revisions.content(space.revisionId);
    const bodies = new Map(
      await Promise.all(
        pages.map(
          async (p): Promise<[string, string | undefined]> => [p.title, p.kind === 'document' ? (await store.blobs.get(p.blob))!.toString('utf8') : undefined],
        ),
      ),
    );
    return { pages, body: (title) => bodies.get(title), revisionId: space.revisionId };
  } finally {
    await store.close();
  }
}

const byPath = (path: string) => (p: RevisionPage) => p.kind === 'document' && p.git?.path === path;

/** Edits api.md in the space. */
async function editInSpace(projectDir: string, text: string): Promise<string> {
  const store = openStore(join(projectDir, '.docs'));
  const blob = await store.blobs.put(Buffer.from(text, 'utf8'));
  await store.close();
  return await changeSpace(projectDir, (pages) => pages.map((p) => (byPath('api.md')(p) ? { ...p, blob } : p)));
}

describe('docs sync, both ways', () => {
  it('stops on a conflict under `conflict: fail` with exit 1, a JSON report, and nothing changed; --conflict space settles it', async () => {
    const repo = repository(SAMPLE);
    const dir = project(repo.dir, 'fail');
    expect((await docs(dir, 'sync')).code).toBe(0);
    const gitTip = repo.commit({ 'api.md': lines('# API', '', 'By git.') });
    const spaceRevision = await editInSpace(dir, lines('# API', '', 'By the space.'));

    const failed = await docs(dir, 'sync', '--json');
    expect(failed.code).toBe(1);
    const [report] = JSON.parse(failed.stdout).spaces;
    expect(report).toMatchObject({ failed: true, policy: 'fail', commit: null, conflicts: [{ kind: 'page', title: 'API', winner: null }] });
    expect(report.conflicts[0].kept).toEqual([
      { side: 'space', revisionId: spaceRevision, commit: null },
      { side: 'git', revisionId: null, commit: gitTip },
    ]);
    expect(repo.git('rev-parse', 'main')).toBe(gitTip);

    const text = await docs(dir, 'sync', '--conflict', 'space');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /merged both sides; commit [0-9a-f]{7}; 1 conflict\n {2}conflict: page "API" \([\w-]+\): both sides changed the same lines of its content; space wins; the git version is kept in revision [\w-]+, commit [0-9a-f]{7}\n/,
    );
    expect(repo.show('api.md')).toContain('By the space.');
    expect(repo.git('rev-parse', 'main^')).toBe(gitTip);
    expect((await docs(dir, 'sync')).stdout).toContain('(no changes)');
  });

  it('moves a page moved on either side and keeps the edit made on the other, even under `conflict: fail`', async () => {
    const repo = repository(SAMPLE);
    const dir = project(repo.dir, 'fail');
    expect((await docs(dir, 'sync')).code).toBe(0);
    // Git renames guide.md and edits api.md; the space edits guide and moves api under FAQ.
    repo.git('mv', 'guide.md', 'guides.md');
    repo.commit({ 'SUMMARY.md': SAMPLE['SUMMARY.md'].replace('(guide.md)', '(guides.md)'), 'api.md': lines('# API', '', 'The API, edited in git.') });
    const store = openStore(join(dir, '.docs'));
    const edited = await store.blobs.put(Buffer.from(SAMPLE['guide.md'].replace('First line.', 'First line, edited in the space.')));
    await store.close();
    await changeSpace(dir, (pages) => {
      const faq = pages.find(byPath('faq.md'))!;
      const api = { ...pages.find(byPath('api.md'))!, parentId: faq.id, path: `${faq.path}/api` };
      return [...pages.filter((p) => p !== pages.find(byPath('api.md'))).map((p) => (byPath('guide.md')(p) ? { ...p, blob: edited } : p)), api];
    });

    const result = await docs(dir, 'sync', '--json');
    expect(result.code).toBe(0);
    const [report] = JSON.parse(result.stdout).spaces;
    expect(report).toMatchObject({ action: 'merge', failed: false, conflicts: [] });
    const space = await spacePages(dir);
    const api = space.pages.find((p) => p.title === 'API')!;
    expect(api.parentId).toBe(space.pages.find((p) => p.title === 'FAQ')!.id);
    expect(space.body('API')).toContain('edited in git');
    expect(space.body('Guide')).toContain('edited in the space');
    expect(repo.show('guides.md')).toContain('edited in the space');
    expect(() => repo.show('guide.md')).toThrow();
    expect(() => repo.show('api.md')).toThrow();
    const apiPath = /\* \[API\]\((.+)\)/.exec(repo.show('SUMMARY.md'))![1]!;
    expect(repo.show(apiPath)).toContain('edited in git');
    expect((await docs(dir, 'sync')).stdout).toContain('(no changes)');
  });

  it.each(['git', 'space', 'fail'])(
    'settles pages deleted on one side and edited on the other under `conflict: %s`, losing nothing silently',
    async (policy) => {
      const repo = repository(SAMPLE);
      const dir = project(repo.dir, policy);
      expect((await docs(dir, 'sync')).code).toBe(0);
      // Git deletes guide.md and edits faq.md; the space deletes FAQ and edits Guide.
      const gitTip = repo.commit({
        'guide.md': null,
        'SUMMARY.md': SAMPLE['SUMMARY.md'].replace('* [Guide](guide.md)\n', ''),
        'faq.md': lines('# FAQ', '', 'Questions, edited in git.'),
      });
      const store = openStore(join(dir, '.docs'));
      const edited = await store.blobs.put(Buffer.from(lines('# Guide', '', 'Guide, edited in the space.')));
      await store.close();
      const spaceRevision = await changeSpace(dir, (pages) =>
        pages.filter((p) => !byPath('faq.md')(p)).map((p) => (byPath('guide.md')(p) ? { ...p, blob: edited } : p)),
      );

      const result = await docs(dir, 'sync', '--json');
      const [report] = JSON.parse(result.stdout).spaces;
      const titles = (report.conflicts as { title: string; reason: string }[]).map((c) => `${c.title}: ${c.reason}`).sort();
      expect(titles).toEqual(['FAQ: one side deleted it and the other changed it', 'Guide: one side deleted it and the other changed it']);
      const space = await spacePages(dir);
      if (policy === 'fail') {
        expect(result.code).toBe(1);
        expect(report).toMatchObject({ failed: true, commit: null });
        expect(space.revisionId).toBe(spaceRevision);
        expect(repo.git('rev-parse', 'main')).toBe(gitTip);
        return;
      }
      expect(result.code).toBe(0);
      expect(report.conflicts.every((c: { winner: string }) => c.winner === policy)).toBe(true);
      const [kept] = report.conflicts[0].kept as { side: string; revisionId: string; commit: string | null }[];
      if (policy === 'git') {
        expect(space.pages.map((p) => p.title)).toEqual(['Welcome', 'API', 'FAQ']);
        expect(space.body('FAQ')).toContain('edited in git');
        expect(repo.git('rev-parse', 'main')).toBe(gitTip);
        expect(kept).toEqual({ side: 'space', revisionId: spaceRevision, commit: null });
      } else {
        expect(space.pages.map((p) => p.title)).toEqual(['Welcome', 'Guide', 'API']);
        expect(space.body('Guide')).toContain('edited in the space');
        expect(repo.show('guide.md')).toContain('edited in the space');
        expect(() => repo.show('faq.md')).toThrow();
        expect(repo.git('rev-parse', 'main^')).toBe(gitTip);
        expect(kept).toMatchObject({ side: 'git', commit: gitTip });
      }
      // The losing edit is in the revision the report names.
      const reopened = openStore(join(dir, '.docs'));
      try {
        const losing = await reopened.revisions.content(kept!.revisionId);
        const page = losing.pages.find((p) => p.title === (policy === 'git' ? 'Guide' : 'FAQ'));
        expect(page && page.kind === 'document' && (await reopened.blobs.get(page.blob))!.toString('utf8')).toContain('edited in');
      } finally {
        await reopened.close();
      }
      expect((await docs(dir, 'sync')).stdout).toContain('(no changes)');
    },
  );

  it('names a merged change request with `gitSync.mergeMessage` of the config when `docs sync` exports it', async () => {
    const repo = repository(SAMPLE);
    const dir = project(repo.dir, 'git');
    writeFileSync(
      join(dir, 'docs.config.yaml'),
      `${readFileSync(join(dir, 'docs.config.yaml'), 'utf8')}gitSync:\n  mergeMessage: "docs: {subject} (!{number})"\n`,
    );
    expect((await docs(dir, 'sync')).code).toBe(0);
    // A change request merged through the domain while no server ran to export it.
    const store = openStore(join(dir, '.docs'));
    try {
      const domain = new Domain(store);
      const caller = new Caller(store, (await store.users.byEmail('admin@quire.local'))!);
      const space = (await store.content.spacesIn((await store.organizations.all())[0]!.id)).find((x) => x.title === 'Docs')!;
      const { changeRequest } = await domain.changeRequests.create(caller, space.id, { subject: 'Answer more questions' });
      const faq = (await store.revisions.content(space.revisionId)).pages.find(byPath('faq.md'))!;
      await domain.contentWrites.updateChangeRequestContent(caller, space.id, changeRequest.id, [
        { operation: 'update_page', page: faq.id, document: { markdown: lines('# FAQ', '', 'More questions.') } },
      ]);
      expect((await domain.changeRequests.merge(caller, space.id, changeRequest.id)).result).toBe('merge');
    } finally {
      await store.close();
    }
    const result = await docs(dir, 'sync');
    expect(result.code).toBe(0);
    expect(repo.git('log', '-1', '--format=%s', 'main')).toBe('docs: Answer more questions (!1)');
    expect(repo.show('faq.md')).toContain('More questions.');

    writeFileSync(join(dir, 'docs.config.yaml'), `${readFileSync(join(dir, 'docs.config.yaml'), 'utf8')}`.replace('(!{number})', '(!{numero})'));
    const broken = await docs(dir, 'sync');
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toMatch(/docs\.config\.yaml:\d+:\d+: gitSync\.mergeMessage: the only placeholders are \{number\} and \{subject\}/);
  });

  it('rejects an unknown --conflict policy as a usage error', async () => {
    const repo = repository(SAMPLE);
    const result = await docs(project(repo.dir, 'git'), 'sync', '--conflict', 'ours');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--conflict ours: expected one of git, space, fail');
  });
});
