// The real `docs` command, run from dist/ (built by the global setup) as a user would run it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { promisify } from 'node:util';

export const BIN = new URL('../../bin/docs.js', import.meta.url).pathname;
export const CORPORA = new URL('../../../shared/corpora/', import.meta.url).pathname;

const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Variables for one run of the CLI, over this process's: `undefined` leaves one out. */
export type CliEnv = Record<string, string | undefined>;

/**
 * Runs `docs <args>` in `where` (a folder, or a folder and variables to give the command); a non-zero exit is a
 * result, not an exception.
 */
export async function docs(where: string | { cwd: string; env?: CliEnv }, ...args: string[]): Promise<CliResult> {
  const { cwd, env = {} } = typeof where === 'string' ? { cwd: where } : where;
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as CliResult;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const served: ChildProcess[] = [];
// Stopped, and waited for (killed after 10 s), so nothing of theirs still writes when the scratch folder is removed.
afterAll(() => Promise.all(served.splice(0).map(stop)), 20_000);

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts `docs serve` (stopped after the file's tests) and resolves once it prints its URL and first token. */
export function serve(cwd: string, env: CliEnv = {}): Promise<{ url: string; output: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { cwd, env: { ...process.env, ...env } });
  served.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving the API at (http:\/\/\S+)\/v1\//.exec(output);
      if (match && output.includes('Try:')) resolve({ url: match[1]!, output, child });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`docs serve exited with ${code}: ${output}`)));
  });
}

/** A project folder holding `docs.config.yaml` with `config` (the run's scratch folder removes it at the end). */
export function project(config: string, name = 'project'): string {
  const dir = mkdtempSync(join(tmpdir(), `quire-e2e-${name}-`));
  writeFileSync(join(dir, 'docs.config.yaml'), config);
  return dir;
}
