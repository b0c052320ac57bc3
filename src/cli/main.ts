import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/index.js';
import { DomainError } from '../domain/index.js';
import { BUILD } from '../version.js';
import { registerBuild } from './build.js';
import { registerServe } from './serve.js';
import { registerSync } from './sync.js';
import { registerToken } from './token.js';
import { UsageError } from './util.js';
import { registerWatch } from './watch.js';

export function buildProgram(): Command {
  const program = new Command('docs')
    .description('Quire: git-backed documentation with a GitBook-compatible API')
    .version(BUILD.version)
    .option('-c, --config <file>', 'path to docs.config.yaml (default: the nearest one upwards)')
    .showHelpAfterError()
    .exitOverride();
  registerServe(program);
  registerToken(program);
  registerSync(program);
  registerBuild(program);
  registerWatch(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    process.exitCode = exitCodeFor(error);
  }
}

function exitCodeFor(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode;
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof DomainError) {
    process.stderr.write(`docs: ${error.message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
  process.stderr.write(`docs: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 70;
}
