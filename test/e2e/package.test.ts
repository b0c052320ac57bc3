// The package as a user installs it: packed, installed globally into a scratch prefix, and run only through the
// installed `docs` and `quire` commands in a new repository.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'quire-package-'));
const prefix = join(scratch, 'prefix');
const bin = join(prefix, 'bin');
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

describe('the installed package', () => {
  let repo: string;
  let installLog = '';
  const run = (command: string, ...args: string[]) => execFileSync(command, args, { cwd: repo, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const git = (...args: string[]) => run('git', '-c', 'user.name=Author', '-c', 'user.email=author@example.com', '-c', 'commit.gpgsign=false', ...args);

  beforeAll(() => {
    // dist/ is built by the global setup; packing does not build it again.
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', scratch], { cwd: ROOT, env, stdio: 'pipe' });
    const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'))!;
    const install = spawnSync(
      'npm',
      ['install', '--global', '--prefix', prefix, '--prefer-offline', '--allow-scripts=better-sqlite3', join(scratch, tarball)],
      { env, encoding: 'utf8' },
    );
    installLog = `${install.stdout}${install.stderr}`;
    if (install.status !== 0) throw new Error(`npm install failed: ${installLog}`);
    repo = mkdtempSync(join(tmpdir(), 'quire-package-repo-'));
    git('init', '-q', '-b', 'main');
  }, 600_000);
  afterAll(() => execFileSync('rm', ['-rf', scratch]));

  it('installs on Node 20.19+ without an engine warning, and runs no install script but the one allowed', () => {
    expect(installLog).not.toMatch(/EBADENGINE|not yet covered by allowScripts/);
    // The checkout's own install (`npm ci`, dev dependencies included) too.
    const ci = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(ci.status).toBe(0);
    expect(`${ci.stdout}${ci.stderr}`).not.toMatch(/EBADENGINE/);
  });

  it('says exactly what to run when the native SQLite module was not built', () => {
    const bare = join(scratch, 'no-scripts');
    const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'))!;
    execFileSync('npm', ['install', '--global', '--prefix', bare, '--prefer-offline', '--ignore-scripts', join(scratch, tarball)], { env, stdio: 'pipe' });
    const result = spawnSync(join(bare, 'bin', 'docs'), ['sync', '.', '--space', 'Docs'], { cwd: repo, env, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/the SQLite module \(better-sqlite3\) cannot load/);
    expect(result.stderr).toMatch(/npm install -g --allow-scripts=better-sqlite3/);
    expect(result.stderr).toMatch(/&& npm rebuild better-sqlite3/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);

  it('works in any repository: init, sync, build and serve, leaving git a clean tree', async () => {
    expect(run('docs', '--version').trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(run('quire', '--help')).toMatch(/Usage: docs/);
    expect(run('docs', 'init', '--title', 'Handbook')).toMatch(/created docs\.config\.yaml/);
    git('add', '-A');
    git('commit', '-qm', 'Docs');
    expect(run('docs', 'sync')).toMatch(/^Synced Handbook: \d+ pages added/);
    const out = join(scratch, 'site');
    expect(run('docs', 'build', '--out', out)).toMatch(/^Built \d+ pages/);
    expect(readdirSync(out)).toContain('index.html');

    const server = spawn('docs', ['serve', '--port', '0'], { cwd: repo, env });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        server.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /(http:\/\/127\.0\.0\.1:\d+)\/v1\//.exec(output);
          if (match) resolve(match[1]!);
        });
        server.on('exit', (code) => reject(new Error(`docs serve exited with ${code}: ${output}`)));
      });
      const response = await fetch(`${url}/v1/`);
      expect(response.status).toBe(200);
    } finally {
      server.kill('SIGTERM');
    }
    expect(git('status', '--porcelain')).toBe('');
  }, 120_000);
});
