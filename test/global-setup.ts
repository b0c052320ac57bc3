import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The global setup of the root config, so of every run whatever its projects (the build is test/build-setup.ts). */
export default function setup(): () => void {
  // Every temporary folder of the run (tests, servers and CLIs they start) goes in one, removed at the end.
  const scratch = mkdtempSync(join(tmpdir(), 'quire-tests-'));
  process.env.TMPDIR = scratch;
  return () => rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
}
