// The real `docs` command, run from dist/ (built by the global setup) as a user would run it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export const BIN = new URL('../../bin/docs.js', import.meta.url).pathname;
export const CORPORA = new URL('../../../shared/corpora/', import.meta.url).pathname;

const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `docs <args>` in `cwd`; a non-zero exit is a result, not an exception. */
export async function docs(cwd: string, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as CliResult;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
