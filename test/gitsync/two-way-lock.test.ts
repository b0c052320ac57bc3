// backends: SQLite, and PostgreSQL in the domain-postgres project.
// Two writers on one repository (`docs serve` exporting a merge while `docs sync` runs): one at a time, so the second
// sees the first's commit paired with its revision, and a lock left by a dead process does not block anyone.
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { takeOver, tryLock, withRepositoryLock } from '../../src/gitsync/export/lock.js';
import { cleanTemps, lines, synced } from './two-way-helpers.js';

afterAll(cleanTemps);

describe('two-way syncs of one repository', () => {
  it('run one at a time: two at once write one commit, and the second finds nothing to do', async () => {
    const s = await synced();
    await s.setBody('api.md', lines('# API', '', 'The API, from the space.'));
    const reports = (await Promise.all([s.sync(), s.sync()])).map(([r]) => r!);
    expect(reports.map((r) => r.action).sort()).toEqual(['export', 'nothing']);
    expect(reports.filter((r) => r.commit !== null)).toHaveLength(1);
    expect(s.repo.git('rev-list', '--count', 'main')).toBe('2');
    expect(existsSync(join(s.repo.dir, '.git', 'quire-sync.lock'))).toBe(false);
  });

  it('take over a lock left by a process that died', async () => {
    const s = await synced();
    // A pid above Linux's pid_max: no such process.
    writeFileSync(join(s.repo.dir, '.git', 'quire-sync.lock'), '99999999');
    await s.setBody('faq.md', lines('# FAQ', '', 'Questions, from the space.'));
    const [report] = await s.sync();
    expect(report).toMatchObject({ action: 'export', written: ['faq.md'] });
    expect(existsSync(join(s.repo.dir, '.git', 'quire-sync.lock'))).toBe(false);
  });

  it('stay with a long export: its owner keeps the lock fresh, so another writer waits instead of taking it over', async () => {
    const s = await synced();
    const lock = join(s.repo.dir, '.git', 'quire-sync.lock');
    let secondRan = false;
    await withRepositoryLock(
      s.repo.dir,
      async () => {
        // As if the work had run for two minutes: a lock untouched that long is stale.
        const old = new Date(Date.now() - 120_000);
        utimesSync(lock, old, old);
        await waitFor(() => Date.now() - statSync(lock).mtimeMs <= 60_000, { timeout: 10_000, interval: 10, message: 'the lock to be refreshed' });
        const second = withRepositoryLock(s.repo.dir, async () => void (secondRan = true), { waitMs: 200 });
        await expect(second).rejects.toMatchObject({ kind: 'conflict' });
      },
      { heartbeatMs: 20 },
    );
    expect(secondRan).toBe(false);
    expect(existsSync(lock)).toBe(false);
  });

  it('leave a lock of another host to its heartbeat: its pid names no process here, yet its owner may be alive', async () => {
    const s = await synced();
    const lock = join(s.repo.dir, '.git', 'quire-sync.lock');
    // A pid above Linux's pid_max, as another machine sharing the directory would write it while it works.
    writeFileSync(lock, '99999999 cafe another-host.example');
    expect(tryLock(lock, `${process.pid} a`, 60_000)).toBe(false);
    expect(tryLock(lock, `${process.pid} a`, 60_000)).toBe(false);
    expect(readFileSync(lock, 'utf8')).toBe('99999999 cafe another-host.example');
    // Untouched for longer than staleMs, its owner stopped: taken over.
    const old = new Date(Date.now() - 120_000);
    utimesSync(lock, old, old);
    expect(tryLock(lock, `${process.pid} a`, 60_000)).toBe(false);
    expect(tryLock(lock, `${process.pid} a`, 60_000)).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid} a`);
  });

  it('are not both let in when two writers judge the same lock stale: the later takeover leaves the new owner in place', async () => {
    const s = await synced();
    const lock = join(s.repo.dir, '.git', 'quire-sync.lock');
    writeFileSync(lock, '99999999');
    // B has judged the dead owner's lock stale; before it moves it, A takes it over and locks.
    expect(tryLock(lock, `${process.pid} a`, 60_000)).toBe(false);
    expect(tryLock(lock, `${process.pid} a`, 60_000)).toBe(true);
    takeOver(lock, '99999999');
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid} a`);
    expect(tryLock(lock, `${process.pid} b`, 60_000)).toBe(false);
  });
});
