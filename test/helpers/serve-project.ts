// A scratch project for `docs serve` / `docs start`: a space synced from docs/ (with a `.gitbook.yaml` redirect and a
// large file) published as the public site `acme`, and the real command started on it.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { BIN, docs, project } from './cli.js';

/** Bytes of `docs/.gitbook/assets/big.bin`: more than a connection's buffers hold, so sending it takes a while. */
export const BIG_FILE_BYTES = 24 * 1024 * 1024;

const CONFIG = `organizations:
  - title: Acme
spaces:
  - title: Guide
    directory: docs
sites:
  - title: Acme Docs
    basename: acme
    published: true
    spaces: [Guide]
`;

/** The project folder, synced (`docs sync`), with its site published; `big` adds the large file, `config` more keys. */
export async function servedProject(options: { big?: boolean; config?: string } = {}): Promise<string> {
  const dir = project(CONFIG + (options.config ?? ''), 'serve');
  const docsDir = join(dir, 'docs');
  mkdirSync(join(docsDir, '.gitbook', 'assets'), { recursive: true });
  writeFileSync(join(docsDir, 'SUMMARY.md'), '# Table of contents\n\n* [Welcome](README.md)\n* [Setup](setup.md)\n');
  const download = options.big ? ', or get [the big file](.gitbook/assets/big.bin)' : '';
  writeFileSync(join(docsDir, 'README.md'), `# Welcome\n\nStart with the [setup](setup.md)${download}.\n`);
  writeFileSync(join(docsDir, 'setup.md'), `# Setup\n\n${'Install it, then run it. '.repeat(40)}\n`);
  writeFileSync(join(docsDir, '.gitbook.yaml'), 'redirects:\n  old/setup: setup.md\n');
  if (options.big) writeFileSync(join(docsDir, '.gitbook', 'assets', 'big.bin'), randomBytes(BIG_FILE_BYTES));
  const sync = await docs(dir, 'sync');
  expect(sync.code, sync.stderr).toBe(0);
  return dir;
}

export interface Running {
  child: ChildProcess;
  /** Origin of the server, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** stdout so far. */
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

const started: ChildProcess[] = [];
afterAll(() => started.splice(0).forEach((child) => child.kill('SIGKILL')));

/** Runs `docs <args>` in `cwd` and resolves once it has printed its startup lines (up to the `Try:` line). */
export function startDocs(cwd: string, args: string[], env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env } });
  started.push(child);
  let stdout = '';
  let stderr = '';
  // 'close', not 'exit': its output is all read by then.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /serving the API at (http:\/\/\S+)\/v1\//.exec(stdout)?.[1];
      if (url && /^Try: /m.test(stdout)) resolve({ child, url, stdout: () => stdout, stderr: () => stderr, exited });
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    void exited.then((code) => reject(new Error(`docs ${args.join(' ')} exited with ${code}: ${stdout}${stderr}`)));
  });
}
