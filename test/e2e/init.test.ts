// A new author's first steps through the real CLI: init, sync, build, and what they leave in the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docs, serve } from '../helpers/cli.js';

function repository(): { dir: string; git: (...args: string[]) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'quire-init-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Author', '-c', 'user.email=author@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
  git('init', '-q', '-b', 'main');
  return { dir, git };
}

describe('docs init', () => {
  it('sets up a repository that syncs and builds, and leaves nothing for git but what the author writes', async () => {
    const { dir, git } = repository();
    const init = await docs(dir, 'init', '--title', 'Acme Handbook');
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(/created docs\.config\.yaml/);
    expect(init.stdout).toMatch(/created docs\/SUMMARY\.md/);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toMatch(/^\.docs\/$/m);
    expect(readFileSync(join(dir, 'docs.config.yaml'), 'utf8')).toMatch(/title: "Acme Handbook"\n\s+directory: "docs"/);
    git('add', '-A');
    git('commit', '-qm', 'Docs');

    const sync = await docs(dir, 'sync');
    expect(sync.code).toBe(0);
    expect(sync.stdout).toMatch(/^Synced Acme Handbook: \d+ pages added/);
    // The store is announced once, where it is created.
    expect(sync.stderr).toMatch(/created the store in \.docs\/ .*ignored by git/);
    expect((await docs(dir, 'sync')).stderr).not.toMatch(/created the store/);

    const out = mkdtempSync(join(tmpdir(), 'quire-init-out-'));
    const build = await docs(dir, 'build', '--out', out);
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/^Built \d+ pages/);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(git('status', '--porcelain')).toBe('');

    // The admin's first token waits for the first command that prints it: sync and build above did not take it.
    const server = await serve(dir);
    expect(server.output).toMatch(/Admin token \(shown once; keep it\): docs_\S+ \(calls the API as the admin/);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('keeps a GitBook repository as it is and syncs its root', async () => {
    const { dir } = repository();
    writeFileSync(join(dir, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n');
    writeFileSync(join(dir, 'README.md'), '# Home\n');
    writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
    const init = await docs(dir, 'init', '--json');
    expect(init.code).toBe(0);
    const report = JSON.parse(init.stdout);
    expect(report).toMatchObject({ directory: '.', existingContent: true, gitignore: 'updated', created: ['docs.config.yaml'] });
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('# Home\n');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe("node_modules\n# Quire's store (database and files)\n.docs/\n");
  });

  it('changes nothing when the project is set up already, or the flags are wrong', async () => {
    const { dir } = repository();
    expect((await docs(dir, 'init')).code).toBe(0);
    const before = readFileSync(join(dir, 'docs.config.yaml'), 'utf8');
    const again = await docs(dir, 'init', '--title', 'Other');
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/docs\.config\.yaml already exists: nothing was changed/);
    expect(readFileSync(join(dir, 'docs.config.yaml'), 'utf8')).toBe(before);

    const other = repository().dir;
    const template = await docs(other, 'init', '--template', 'wiki');
    expect(template.code).toBe(2);
    expect(template.stderr).toMatch(/--template wiki: expected one of .*product-docs/);
    const outside = await docs(other, 'init', '--dir', '../elsewhere');
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/--dir \.\.\/elsewhere: must be inside/);
    expect(existsSync(join(other, 'docs.config.yaml'))).toBe(false);
  });

  it('never overwrites: a folder of other files is refused, a symbolic link too, and a CRLF .gitignore keeps its line endings', async () => {
    const { dir } = repository();
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs/index.html'), '<h1>GitHub Pages</h1>');
    const pages = await docs(dir, 'init');
    expect(pages.code).toBe(2);
    expect(pages.stderr).toMatch(/docs holds other files but no markdown page: pick a folder for the documentation with --dir/);
    expect(readdirSync(join(dir, 'docs'))).toEqual(['index.html']);
    expect(existsSync(join(dir, 'docs.config.yaml'))).toBe(false);

    const linked = repository().dir;
    const elsewhere = mkdtempSync(join(tmpdir(), 'quire-init-elsewhere-'));
    symlinkSync(elsewhere, join(linked, 'docs'));
    expect((await docs(linked, 'init')).stderr).toMatch(/docs: a symbolic link; give the folder itself/);
    expect(readdirSync(elsewhere)).toEqual([]);

    const crlf = repository().dir;
    writeFileSync(join(crlf, '.gitignore'), 'node_modules\r\ndist');
    expect((await docs(crlf, 'init', '--dir', 'handbook')).code).toBe(0);
    expect(readFileSync(join(crlf, '.gitignore'), 'utf8')).toBe("node_modules\r\ndist\r\n# Quire's store (database and files)\r\n.docs/\r\n");
    expect(readFileSync(join(crlf, 'docs.config.yaml'), 'utf8')).toMatch(/directory: "handbook"/);
  });

  it('writes the config where -c says, with the folder relative to it', async () => {
    const { dir } = repository();
    mkdirSync(join(dir, 'site'));
    const init = await docs(dir, '-c', 'site/docs.config.yaml', 'init', '--json');
    expect(init.code).toBe(0);
    expect(JSON.parse(init.stdout)).toMatchObject({ config: 'site/docs.config.yaml', directory: 'docs' });
    expect(existsSync(join(dir, 'site/docs/SUMMARY.md'))).toBe(true);
    expect(readFileSync(join(dir, 'site/.gitignore'), 'utf8')).toMatch(/^\.docs\/$/m);
    const sync = await docs(dir, '-c', 'site/docs.config.yaml', 'sync');
    expect(sync.code).toBe(0);
    expect((await docs(dir, '-c', 'nowhere/docs.config.yaml', 'init')).stderr).toMatch(/nowhere: no such folder for the config file/);
  });
});

describe("docs sync in the author's repository", () => {
  it('says nothing about uncommitted edits before the first commit, when the files on disk are what it reads', async () => {
    const { dir } = repository();
    expect((await docs(dir, 'init')).code).toBe(0);
    const sync = await docs(dir, 'sync');
    expect(sync.code).toBe(0);
    expect(sync.stdout).toMatch(/pages added/);
    expect(sync.stderr).not.toMatch(/uncommitted/);
  });

  it('leaves the git index alone', async () => {
    const { dir, git } = repository();
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs/README.md'), '# Home\n');
    git('add', '-A');
    git('commit', '-qm', 'Docs');
    const index = readFileSync(join(dir, '.git/index'));
    writeFileSync(join(dir, 'docs/README.md'), '# Home\n'); // same bytes, new mtime: a refresh would rewrite the index
    expect((await docs(dir, 'sync', 'docs', '--space', 'Docs')).code).toBe(0);
    expect(readFileSync(join(dir, '.git/index')).equals(index)).toBe(true);
  });

  it('says which uncommitted edits it did not read, and names --work-tree', async () => {
    const { dir, git } = repository();
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs/README.md'), '# Home\n');
    writeFileSync(join(dir, 'docs/guide.md'), '# Guide\n');
    git('add', '-A');
    git('commit', '-qm', 'Docs');
    expect((await docs(dir, 'sync', 'docs', '--space', 'Docs')).code).toBe(0);
    writeFileSync(join(dir, 'docs/guide.md'), '# Guide\n\nA new paragraph.\n');
    writeFileSync(join(dir, 'docs/draft.md'), '# Draft\n');

    const skipped = await docs(dir, 'sync', 'docs', '--space', 'Docs');
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toMatch(/\(no changes\)/);
    expect(skipped.stdout).not.toMatch(/uncommitted/);
    expect(skipped.stderr).toMatch(/warning: Docs: 2 uncommitted changes are not synced \(draft\.md, guide\.md\).*--work-tree/);

    // The store ignores itself: no init ran here, yet git sees only the author's edits.
    expect(git('status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([' M docs/guide.md', '?? docs/draft.md']);

    const read = await docs(dir, 'sync', 'docs', '--space', 'Docs', '--work-tree');
    expect(read.stdout).toMatch(/1 page added, 1 changed/);
    expect(read.stderr).not.toMatch(/uncommitted/);
  });

  it('refuses a file, and a folder without pages, before creating a space', async () => {
    const { dir, git } = repository();
    writeFileSync(join(dir, 'README.md'), '# Home\n');
    mkdirSync(join(dir, 'empty'));
    writeFileSync(join(dir, 'empty/notes.txt'), 'not a page\n');
    git('add', '-A');
    git('commit', '-qm', 'Files');

    const file = await docs(dir, 'sync', 'README.md', '--space', 'Docs');
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/README\.md: not a directory/);
    const empty = await docs(dir, 'sync', 'empty', '--space', 'Docs', '--work-tree');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/empty holds no markdown page: expected GitBook's Git Sync format/);
    const build = await docs(dir, 'build', '--out', join(dir, 'out'));
    expect(build.stderr).toMatch(/no space to build/);
  });
});
