import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { twoWaySync, type TwoWayOptions } from '../../src/gitsync/two-way/sync.js';
import { type DocumentPage, newId, type RevisionContent, type RevisionPage } from '../../src/model/index.js';
import { setup } from './helpers.js';

const temps: string[] = [];
export const cleanTemps = () => temps.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));

export const lines = (...l: string[]) => `${l.join('\n')}\n`;

/** A git repository on `main` with one commit of `files`; `git(...)` runs git in it. */
export function repository(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'quire-two-way-'));
  temps.push(dir);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Author', '-c', 'user.email=author@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
      .toString()
      .trim();
  git('init', '-q', '-b', 'main');
  const write = (changes: Record<string, string | null>) => {
    for (const [path, body] of Object.entries(changes)) {
      if (body === null) rmSync(join(dir, path), { force: true });
      else {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), body);
      }
    }
  };
  const commit = (changes: Record<string, string | null>, message = 'edit') => {
    write(changes);
    git('add', '-A');
    git('commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  commit(files, 'initial');
  /** A file as the branch's tip holds it (not the work tree: the export commits without checking out). */
  const show = (path: string, ref = 'main') => git('show', `${ref}:${path}`);
  return { dir, git, commit, write, show, read: (path: string) => readFileSync(join(dir, path), 'utf8') };
}

export const SAMPLE = {
  'README.md': lines('# Welcome', '', 'The start.'),
  'SUMMARY.md': lines('# Table of contents', '', '* [Welcome](README.md)', '* [Guide](guide.md)', '* [API](api.md)', '* [FAQ](faq.md)'),
  'guide.md': lines('# Guide', '', 'First line.', '', 'Second line.', '', 'Third line.', '', 'Fourth line.'),
  'api.md': lines('# API', '', 'The API.'),
  'faq.md': lines('# FAQ', '', 'Questions.'),
};

/** A store with the repository imported once, and helpers for both sides. */
export async function synced(files: Record<string, string> = SAMPLE) {
  const repo = repository(files);
  const env = await setup();
  const { domain, store, caller, organizationId } = env;
  const sync = (options: Partial<TwoWayOptions> = {}) =>
    twoWaySync(domain, { dir: repo.dir, space: 'Docs', organizationId, caller, parseWorkers: 0, ...options });
  const [first] = await sync();
  const spaceId = first!.space.id;
  const current = async () => (await store.content.space(spaceId))!;
  const content = async (revisionId?: string) => await store.revisions.content(revisionId ?? (await current()).revisionId);
  const pageAt = async (path: string, given?: RevisionContent) =>
    (given ?? (await content())).pages.find((p) => p.kind === 'document' && p.git?.path === path) as DocumentPage;
  const body = async (page: DocumentPage) => (await store.blobs.get(page.blob))!.toString('utf8');
  /** An edit through the space (what the API does): a new revision the space moves to. */
  const editSpace = async (change: (pages: RevisionPage[]) => RevisionPage[] | Promise<RevisionPage[]>) => {
    const before = await current();
    const next: RevisionContent = { ...(await content()), pages: await change((await content()).pages) };
    const id = newId();
    const now = new Date().toISOString();
    await store.tx(async () => {
      await store.revisions.insert({ id, spaceId, parents: [before.revisionId], type: 'edits', git: null, createdAt: now }, next);
      if (!(await store.content.setSpaceRevision(spaceId, before.revisionId, id, now))) throw new Error('moved');
    });
    await domain.sync.indexPages(next);
    return id;
  };
  const setBody = async (path: string, text: string) =>
    await editSpace(
      async (pages) =>
        await Promise.all(
          pages.map(async (p) => (p.kind === 'document' && p.git?.path === path ? { ...p, blob: await store.blobs.put(Buffer.from(text, 'utf8')) } : p)),
        ),
    );
  return { ...env, repo, sync, spaceId, current, content, pageAt, body, editSpace, setBody };
}
