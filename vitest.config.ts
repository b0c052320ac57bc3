import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Test files with a `// <marker>: ...` line: `corpora` (they read ../shared/corpora), `crash` (they kill processes),
 * `mocks` (they replace a module with vi.mock, so they need a fresh module graph of their own), `backends` (their
 * stores come from `testStore()`: they run again on PostgreSQL).
 */
function markedTests(dir: string, marker: string): string[] {
  const line = new RegExp(`^// ${marker}: `, 'm');
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markedTests(path, marker);
    return entry.name.endsWith('.test.ts') && line.test(readFileSync(path, 'utf8')) ? [relative(root, path)] : [];
  });
}

// On a clone with nothing beside it, the tests that read the GitBook repositories of ../shared/corpora are left out;
// CI sets QUIRE_REQUIRE_CORPORA=1, which makes their absence a failure instead.
const hasCorpora = existsSync(join(root, '../shared/corpora'));
if (!hasCorpora && process.env.QUIRE_REQUIRE_CORPORA === '1') {
  throw new Error('QUIRE_REQUIRE_CORPORA=1 but ../shared/corpora is not beside this clone: the corpus tests cannot run');
}
const onCorpora = markedTests(join(root, 'test'), 'corpora').sort();
const crashTests = markedTests(join(root, 'test'), 'crash').sort();
const mockTests = markedTests(join(root, 'test'), 'mocks').sort();
const bothBackends = markedTests(join(root, 'test'), 'backends').sort();
const withoutCorpora = hasCorpora ? [] : onCorpora;
if (withoutCorpora.length) {
  console.warn(`Note: ../shared/corpora is not beside this clone: the ${withoutCorpora.length} test files marked "// corpora:" that read it are skipped.`);
}

/** A project of the test files under `include`; `build`: they run dist/, built once per run by its global setup; `setup`: another global setup. */
function project(
  name: string,
  include: string[],
  options: { exclude?: string[]; build?: boolean; setup?: string; isolate?: boolean; env?: Record<string, string> } = {},
): TestProjectInlineConfiguration {
  const onPostgres = options.env?.QUIRE_TEST_BACKEND === 'postgres';
  return {
    test: {
      name,
      include,
      exclude: ['**/node_modules/**', ...withoutCorpora, ...(options.exclude ?? [])],
      globalSetup: [...(options.build ? ['test/build-setup.ts'] : []), ...(options.setup ? [options.setup] : [])],
      setupFiles: onPostgres ? ['test/helpers/close-stores.ts'] : [],
      // A guard against a hang, not a speed check: two test files share the two cores of a CI machine.
      testTimeout: 60_000,
      hookTimeout: 60_000,
      pool: 'forks',
      isolate: options.isolate ?? true,
      ...(options.env ? { env: options.env } : {}),
    },
  };
}

export default defineConfig({
  test: {
    // The scratch TMPDIR of every project: the root config's global setup runs whichever projects run.
    globalSetup: ['test/global-setup.ts'],
    // Vitest's default in a run is one worker fewer than the cores: one on a 2-core CI machine, which left a core idle
    // while a test waited on a child process, a browser or a database (CI's tests took 1,549 s on one, 1,275 on two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Without ../shared the corpus project is empty: `npm run test:corpus` then passes with nothing to run.
    passWithNoTests: !hasCorpora,
    projects: [
      // The TypeScript sources only: no build. `unit` is the quick loop; `corpus` runs the same layers over the real
      // GitBook repositories (every page of them, round trips, exports), minutes of work.
      // One module graph per worker for the quick loop (loading it per file was a third of its time); files that
      // mock a module run in `unit-mocks`, isolated.
      project('unit', ['test/**/*.test.ts'], { exclude: ['test/{api,e2e,browser,postgres}/**', ...onCorpora, ...crashTests, ...mockTests], isolate: false }),
      project('unit-mocks', mockTests),
      // Processes killed at random steps, dozens of times: the store and repository must stay consistent.
      project('crash', crashTests),
      project(
        'corpus',
        onCorpora.filter((file) => !/^test\/(api|e2e|browser|postgres)\//.test(file)),
        { isolate: false },
      ),
      // The server in process, through the official client: the sources too. One module graph per worker here too:
      // each file loading the server and compiling both contracts' validators again was a third of the project's time.
      project('api', ['test/api/**/*.test.ts'], { isolate: false }),
      // The same API tests with every store on a database of a private PostgreSQL cluster. The three slowest files
      // exercise no store code the others do not (bad input at random, markdown fidelity, every operation for every
      // role: its grants, members and teams are read as permissions, teams and site-permissions read them): they run
      // on SQLite only, unless QUIRE_PG_ALL=1 (CI's budget is 30 minutes).
      project('api-postgres', ['test/api/**/*.test.ts'], {
        setup: 'test/postgres-setup.ts',
        env: { QUIRE_TEST_BACKEND: 'postgres' },
        isolate: false,
        exclude: process.env.QUIRE_PG_ALL === '1' ? [] : ['test/api/fuzz.test.ts', 'test/api/lossless-content.test.ts', 'test/api/auth-matrix.test.ts'],
      }),
      // The domain, sync and store suites marked "// backends:" again, their stores on PostgreSQL (`testStore()`).
      project('domain-postgres', bothBackends, { setup: 'test/postgres-setup.ts', env: { QUIRE_TEST_BACKEND: 'postgres' }, isolate: false }),
      // A private PostgreSQL cluster per run (Debian's postgresql, installed if missing).
      project('postgres', ['test/postgres/**/*.test.ts'], { setup: 'test/postgres-setup.ts', build: true }),
      project('e2e', ['test/e2e/**/*.test.ts'], { build: true }),
      project('browser', ['test/browser/**/*.test.ts'], { build: true }),
    ],
  },
});
