// backends: SQLite, and PostgreSQL in the domain-postgres project.
// A process claims only the jobs it has a handler for: a `docs sync` run in CI, sharing the servers' store, leaves
// their exports alone instead of failing them.
import { describe, expect, it } from 'vitest';
import { twoProcesses } from '../../helpers/store.js';

describe('job claims', () => {
  it('take only the kinds the claiming process runs', async () => {
    const { storeA, storeB, a, b } = await twoProcesses();
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
  });
});
