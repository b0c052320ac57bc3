// backends: SQLite, and PostgreSQL in the domain-postgres project.
// A job scheduled again while it runs keeps running where it is (no other process may claim it meanwhile), then
// goes back to the queue and runs again: the new schedule is neither lost nor run twice at once.
import { describe, expect, it } from 'vitest';
import { twoProcesses } from '../../helpers/store.js';
import { waitFor } from '../../helpers/wait-for.js';

describe('a job scheduled again while it runs', () => {
  it('is not claimed by another process meanwhile, and runs again once done', async () => {
    const { storeB, a, b } = await twoProcesses();
    const runs: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    a.jobs.register('export', async (payload) => {
      runs.push(`a:${(payload as { n: number }).n}`);
      if (runs.length === 1) await held;
    });
    b.jobs.register('export', async (payload) => {
      runs.push(`b:${(payload as { n: number }).n}`);
    });

    const id = await a.jobs.schedule({ kind: 'export', payload: { n: 1 }, dedupeKey: 'export:space' });
    const first = a.jobs.runDue();
    await waitFor(() => runs.length === 1, { message: 'the first run to start' });
    expect(runs).toEqual(['a:1']);

    // Scheduled again mid-run: still running, so the other process finds nothing to claim.
    expect(await b.jobs.schedule({ kind: 'export', payload: { n: 2 }, dedupeKey: 'export:space' })).toBe(id);
    expect(await storeB.jobs.get(id)).toMatchObject({ state: 'running', attempts: 0, payload: { n: 2 } });
    expect(await b.jobs.runDue()).toBe(0);
    expect(runs).toEqual(['a:1']);

    release();
    await first;
    // The run that ended does not mark it done: it is queued again, with the new payload, and runs once more (a's
    // drain claims it again before it returns; b runs it if it is still pending). Read through b, a's commits show
    // within a millisecond (its connection caches rows between checks of data_version): wait for the job to settle.
    const settled = await waitFor(
      async () => {
        const job = await storeB.jobs.get(id);
        if (job?.state === 'pending') await b.jobs.runDue();
        return job?.state === 'done' && job;
      },
      { message: async () => `the job to end done (it is ${JSON.stringify(await storeB.jobs.get(id))}, runs ${runs.join(', ')})` },
    );
    expect(settled).toMatchObject({ state: 'done', attempts: 1, payload: { n: 2 }, leaseOwner: null, lastError: null });
    expect(runs).toEqual(['a:1', expect.stringMatching(/^[ab]:2$/)]);
    // Run exactly once more: nothing is left to run.
    expect([await a.jobs.runDue(), await b.jobs.runDue()]).toEqual([0, 0]);
    expect(runs).toHaveLength(2);
  });
});
