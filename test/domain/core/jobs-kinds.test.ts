// A process claims only the jobs it has a handler for: a `docs sync` run in CI, sharing the servers' store, leaves
// their exports alone instead of failing them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Domain } from '../../../src/domain/index.js';
import { openStore } from '../../../src/store/index.js';

describe('job claims', () => {
  it('take only the kinds the claiming process runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-jobs-kinds-'));
    const [storeA, storeB] = [openStore(dir), openStore(dir)];
    const [a, b] = [new Domain(storeA), new Domain(storeB)];
    const runs: string[] = [];
    a.jobs.register('export', () => void runs.push('a:export'));
    b.jobs.register('import', () => void runs.push('b:import'));
    const exportId = await a.jobs.schedule({ kind: 'export', payload: {} });
    const importId = await a.jobs.schedule({ kind: 'import', payload: {} });

    expect(await a.jobs.runDue()).toBe(1);
    expect(runs).toEqual(['a:export']);
    expect(await storeA.jobs.get(importId)).toMatchObject({ state: 'pending', attempts: 0, lastError: null });
    expect(await b.jobs.runDue()).toBe(1);
    expect(runs).toEqual(['a:export', 'b:import']);
    expect(await storeB.jobs.get(exportId)).toMatchObject({ state: 'done' });
    expect(await storeB.jobs.get(importId)).toMatchObject({ state: 'done', attempts: 1 });
    await Promise.all([storeA.close(), storeB.close()]);
  });
});
