// crash: worker processes share one store's job queue, and one is killed in the middle of a job
// Processes sharing a store share its job queue: each job runs once, whichever process claims it, and a job whose
// process was killed while running it is taken over once its lease runs out.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Domain } from '../../../src/domain/index.js';
import { openStore } from '../../../src/store/index.js';
import { bundleChild } from '../../helpers/child-bundle.js';
import { waitFor } from '../../helpers/wait-for.js';

const root = mkdtempSync(join(tmpdir(), 'quire-jobs-leases-'));
let child: string;

beforeAll(async () => {
  child = await bundleChild(new URL('./fixtures/jobs-child.ts', import.meta.url), 'jobs-leases');
}, 30_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function start(storeDir: string, out: string, mode: 'run' | 'hang', leaseMs: number): { proc: ChildProcess; exited: Promise<number | null> } {
  const proc = spawn(process.execPath, [child, storeDir, out, mode, String(leaseMs)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) =>
    proc.on('exit', (code, signal) => {
      if (code !== 0 && signal !== 'SIGKILL') console.error(stderr);
      resolve(code);
    }),
  );
  return { proc, exited };
}

/** Each line of the record file: `<n> <pid>`. */
const records = (out: string) =>
  existsSync(out)
    ? readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ').map(Number) as [number, number])
    : [];

describe('a job queue shared by processes', () => {
  it('runs each of 200 jobs exactly once across four processes', async () => {
    const storeDir = join(root, 'shared');
    const out = join(root, 'shared.log');
    const store = openStore(storeDir);
    const domain = new Domain(store);
    for (let n = 0; n < 200; n++) await domain.jobs.schedule({ kind: 'record', payload: { n, slowMs: n % 10 === 0 ? 20 : 0 } });
    const children = Array.from({ length: 4 }, () => start(storeDir, out, 'run', 60_000));
    expect(await Promise.all(children.map((c) => c.exited))).toEqual([0, 0, 0, 0]);

    const seen = records(out);
    const ns = seen.map(([n]) => n).sort((a, b) => a - b);
    expect(ns).toEqual(Array.from({ length: 200 }, (_, n) => n));
    // The work was shared: more than one process ran jobs.
    expect(new Set(seen.map(([, pid]) => pid)).size).toBeGreaterThan(1);
    expect(await store.jobs.list('done')).toHaveLength(200);
    expect((await store.jobs.list()).filter((j) => j.leaseOwner !== null)).toEqual([]);
    await store.close();
  }, 120_000);

  it('takes over the job of a process killed while running it, once its lease runs out', async () => {
    const storeDir = join(root, 'takeover');
    const out = join(root, 'takeover.log');
    const store = openStore(storeDir);
    const domain = new Domain(store, { jobs: { leaseMs: 600 } });
    const id = await domain.jobs.schedule({ kind: 'record', payload: { n: 7 } });

    const hung = start(storeDir, out, 'hang', 600);
    await new Promise<void>((resolve) => hung.proc.stdout!.on('data', (d) => String(d).includes('running') && resolve()));
    expect(await store.jobs.get(id)).toMatchObject({ state: 'running', attempts: 1 });
    // While its process lives, the lease is renewed: nobody else claims the job.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    domain.jobs.register('record', () => {
      throw new Error('claimed while another process held it');
    });
    expect(await domain.jobs.runDue()).toBe(0);

    hung.proc.kill('SIGKILL');
    await hung.exited;
    // Another process claims it once the lease has run out, and runs it.
    const leaseOver = async () => (await store.jobs.get(id))!.leaseUntil! < new Date().toISOString();
    await waitFor(leaseOver, { timeout: 10_000, message: 'the lease to run out' });
    const rescuer = start(storeDir, out, 'run', 600);
    expect(await rescuer.exited).toBe(0);
    expect(records(out).map(([n]) => n)).toEqual([7]);
    expect(await store.jobs.get(id)).toMatchObject({ state: 'done', attempts: 2, leaseOwner: null });
    await store.close();
  }, 60_000);

  it('fails a job whose process stopped during its last attempt, without running it again', async () => {
    const storeDir = join(root, 'last');
    const store = openStore(storeDir);
    const domain = new Domain(store, { jobs: { leaseMs: 400 } });
    const id = await domain.jobs.schedule({ kind: 'record', payload: { n: 1 }, maxAttempts: 1 });
    const hung = start(storeDir, join(root, 'last.log'), 'hang', 400);
    await new Promise<void>((resolve) => hung.proc.stdout!.on('data', (d) => String(d).includes('running') && resolve()));
    hung.proc.kill('SIGKILL');
    await hung.exited;
    let ran = false;
    domain.jobs.register('record', () => {
      ran = true;
    });
    await waitFor(async () => ((await domain.jobs.runDue()) > 0 ? true : undefined), { timeout: 10_000, message: () => 'the lease to run out' });
    expect(ran).toBe(false);
    expect(await store.jobs.get(id)).toMatchObject({ state: 'failed', attempts: 2, lastError: 'its process stopped during attempt 1 of 1, the last' });
    await store.close();
  }, 60_000);
});
