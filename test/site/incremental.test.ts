// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { appendFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPORA, syncedSpace, tempDir } from './helpers.js';

describe('incremental builds', () => {
  it('re-renders only the page whose markdown changed, and everything when the navigation changes', async () => {
    const source = tempDir('incremental-src');
    cpSync(join(CORPORA, 'git-sync-normalization'), source, { recursive: true, filter: (path) => !/\/\.git(\/|$)/.test(path) });
    const space = await syncedSpace(source, 'Incremental');
    const out = tempDir('incremental');
    const first = await space.build(out);
    expect(first.rendered).toBe(first.pages);
    expect(first.searchIndexed).toBe(1);

    const second = await space.build(out);
    expect(second.rendered).toBe(0);
    expect(second.searchIndexed).toBe(0);

    appendFileSync(join(source, 'hints.md'), '\nA sentence added by the test.\n');
    await space.sync(source, { space: 'Incremental', workTree: true });
    const third = await space.build(out);
    expect(third.rendered).toBe(1);
    expect(third.searchIndexed).toBe(1);
    expect(readFileSync(join(out, 'hints/index.html'), 'utf8')).toContain('A sentence added by the test.');

    const summary = join(source, 'SUMMARY.md');
    const text = readFileSync(summary, 'utf8').replace('[Hint](hints.md)', '[Hints renamed](hints.md)');
    expect(text).toContain('Hints renamed');
    writeFileSync(summary, text);
    await space.sync(source, { space: 'Incremental', workTree: true });
    const fourth = await space.build(out);
    expect(fourth.rendered).toBe(fourth.pages);
    expect(fourth.searchIndexed).toBe(1);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('Hints renamed');
  });
});
