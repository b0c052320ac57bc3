// Two writers on one repository (`docs serve` exporting a merge while `docs sync` runs): one at a time, so the second
// sees the first's commit paired with its revision, and a lock left by a dead process does not block anyone.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanTemps, lines, synced } from './two-way-helpers.js';

afterAll(cleanTemps);

describe('two-way syncs of one repository', () => {
  it('run one at a time: two at once write one commit, and the second finds nothing to do', async () => {
    const s = await synced();
    s.setBody('api.md', lines('# API', '', 'The API, from the space.'));
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
    s.setBody('faq.md', lines('# FAQ', '', 'Questions, from the space.'));
    const [report] = await s.sync();
    expect(report).toMatchObject({ action: 'export', written: ['faq.md'] });
    expect(existsSync(join(s.repo.dir, '.git', 'quire-sync.lock'))).toBe(false);
  });
});
