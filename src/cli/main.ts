// The `docs` command. Only commander and the commands' flags load here: each command loads its work when it runs,
// so `docs --help` answers at once.
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/errors.js';
import { DomainError } from '../domain/core/errors.js';
import { BUILD } from '../version.js';
import { registerBuild } from './build.js';
import { addExamples } from './examples.js';
import { nativeModuleHelp } from './native.js';
import { registerInit } from './init.js';
import { registerMigrate } from './migrate.js';
import { registerServe } from './serve.js';
import { registerSync } from './sync.js';
import { registerToken } from './token.js';
import { CommandFailure, UsageError } from './util.js';
import { registerWatch } from './watch.js';

/** Exit codes, the same for every command (docs/reference/commands.md lists them). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

export function buildProgram(): Command {
  const program = new Command('docs')
    .description('Quire: git-backed documentation with a GitBook-compatible API')
    .version(BUILD.version)
    .option('-c, --config <file>', 'path to docs.config.yaml (default: the nearest one upwards)')
    .showHelpAfterError('(add --help for usage and examples)')
    // Inherited by every command defined below: a mistake in how a command is called exits with 2.
    .exitOverride((error) => {
      throw error.exitCode === 0 ? error : new CommanderError(EXIT.usage, error.code, error.message);
    });
  registerInit(program);
  registerSync(program);
  registerBuild(program);
  registerWatch(program);
  registerServe(program);
  registerToken(program);
  registerMigrate(program);
  addExamples(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  quietWhenOutputCloses(process.stdout);
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    process.exitCode = exitCodeFor(error);
  }
}

function exitCodeFor(error: unknown): number {
  // Commander has printed its message (and the usage) already.
  if (error instanceof CommanderError) return error.exitCode;
  if (error instanceof UsageError || error instanceof ConfigError) {
    process.stderr.write(`docs: ${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof DomainError || error instanceof CommandFailure) {
    process.stderr.write(`docs: ${error.message}\n`);
    return EXIT.failure;
  }
  const native = nativeModuleHelp(error);
  if (native) {
    process.stderr.write(`docs: ${native}\n`);
    return EXIT.failure;
  }
  // The machine refused (a permission, a full disk, a locked database): its own words, not a bug report.
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === 'string' && /^(E[A-Z]+|SQLITE_[A-Z_]+)$/.test(code)) {
    process.stderr.write(`docs: ${error.message}\n`);
    return EXIT.failure;
  }
  process.stderr.write(
    `docs: unexpected error (a bug in Quire; please report it with this output): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return EXIT.failure;
}

/** `docs ... | head`: the reader went away, so there is nobody left to tell; stop without a stack trace. */
function quietWhenOutputCloses(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? EXIT.ok);
  });
}
