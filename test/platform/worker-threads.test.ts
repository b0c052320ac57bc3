// The worker pool when a worker dies: the task it ran rejects with what happened, the tasks behind it run on a
// replacement, and a task that only failed leaves its worker in service.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool, WorkerTaskError } from '../../src/platform/worker-threads.js';

// Resolved from src/ (the folder worker entries are named from).
const ENTRY = '../test/platform/fixtures/crash-worker';
const pools: WorkerPool[] = [];

function pool(size = 1): WorkerPool {
  const out = new WorkerPool(ENTRY, { size });
  pools.push(out);
  return out;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('a worker pool whose worker dies', () => {
  it('rejects the task of a worker that exits, and runs the next one on a new worker', async () => {
    const workers = pool();
    expect(await workers.run({ do: 'echo', value: 1 })).toBe(1);
    await expect(workers.run({ do: 'exit' })).rejects.toThrow(/worker stopped \(exit code 3\)/);
    expect(await workers.run({ do: 'echo', value: 2 })).toBe(2);
  }, 30_000);

  it('rejects the task of a worker with an uncaught error, naming it; the tasks queued behind it still run', async () => {
    const workers = pool();
    const broken = workers.run({ do: 'throw' });
    const queued = [workers.run({ do: 'echo', value: 'a' }), workers.run({ do: 'echo', value: 'b' })];
    await expect(broken).rejects.toThrow(/the worker broke/);
    expect(await Promise.all(queued)).toEqual(['a', 'b']);
  }, 30_000);

  it('keeps a worker whose task only failed', async () => {
    const workers = pool();
    const failed = await workers.run({ do: 'fail' }).catch((error: Error) => error);
    expect(failed).toBeInstanceOf(WorkerTaskError);
    expect((failed as Error).message).toBe('the task failed');
    expect(await workers.run({ do: 'echo', value: 3 })).toBe(3);
  }, 30_000);

  it('stops a task past its time limit with the error it was given, and serves the next one', async () => {
    const workers = pool();
    const late = workers.run({ do: 'hang' }, { timeoutMs: 200, timeoutError: () => new Error('too slow') });
    await expect(late).rejects.toThrow('too slow');
    expect(await workers.run({ do: 'echo', value: 4 })).toBe(4);
  }, 30_000);

  it('with two workers, a death on one leaves the other’s tasks alone', async () => {
    const workers = pool(2);
    const slowEcho = workers.run({ do: 'echo', value: 'kept' });
    const dying = workers.run({ do: 'exit' });
    await expect(dying).rejects.toThrow(/exit code 3/);
    expect(await slowEcho).toBe('kept');
    expect(await Promise.all([1, 2, 3].map((value) => workers.run({ do: 'echo', value })))).toEqual([1, 2, 3]);
  }, 30_000);
});

describe('a worker client', () => {
  it('never keeps the process alive when it was never asked anything', () => {
    const module = pathToFileURL(fileURLToPath(new URL('../../src/platform/worker-threads.ts', import.meta.url))).href;
    const script = `import { WorkerClient } from ${JSON.stringify(module)}; new WorkerClient(${JSON.stringify(ENTRY)}); setTimeout(() => process.stdout.write('done'), 300);`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(child.stderr).toBe('');
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    expect(child.stdout).toBe('done');
  }, 30_000);
});
