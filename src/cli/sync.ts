import { dirname, resolve } from 'node:path';
import { SingleBar } from 'cli-progress';
import { type Command, CommanderError } from 'commander';
import type { SpaceSyncConfig } from '../config/index.js';
import { Caller } from '../domain/index.js';
import { type SyncOptions, type SyncReport, syncDirectory } from '../gitsync/import.js';
import { openRuntime, type Runtime } from './runtime.js';
import { type GlobalOptions, UsageError } from './util.js';

interface SyncFlags {
  space?: string;
  ref?: string;
  workTree?: boolean;
  json?: boolean;
}

export function registerSync(program: Command): void {
  program
    .command('sync')
    .description('import a Git Sync repository (or a plain folder) into spaces; without <dir>, the spaces of docs.config.yaml')
    .argument('[dir]', 'the directory to import')
    .option('--space <title|id>', 'the space to import <dir> into (created if missing)')
    .option('--ref <ref>', 'import this branch, tag or commit instead of HEAD (git repositories)')
    .option('--work-tree', 'import the files on disk even in a git repository (uncommitted edits included)')
    .option('--json', 'print one JSON object with a report per space')
    // Mistakes in how the command is called exit with 2, like every other usage error.
    .exitOverride((error) => {
      throw error.exitCode === 0 ? error : new CommanderError(2, error.code, error.message);
    })
    .action(async (dir: string | undefined, _flags: SyncFlags, command: Command) => {
      const flags = command.optsWithGlobals<GlobalOptions & SyncFlags>();
      if (flags.space !== undefined && dir === undefined) throw new UsageError('--space needs a <dir> to import');
      if (flags.ref !== undefined && dir === undefined) throw new UsageError('--ref needs a <dir> to import');
      if (flags.space !== undefined && flags.space.trim() === '') throw new UsageError('--space: expected a space title or id');
      const runtime = openRuntime(flags);
      try {
        const targets: SpaceSyncConfig[] = dir !== undefined
          ? [{ directory: resolve(dir), workTree: flags.workTree ?? false, ...(flags.space ? { title: flags.space } : {}), ...(flags.ref ? { ref: flags.ref } : {}) }]
          : runtime.config.spaces;
        if (targets.length === 0) throw new UsageError('nothing to sync: give a <dir>, or list spaces in docs.config.yaml (spaces: [{title, directory}])');
        const reports = await syncTargets(runtime, targets, { progress: !flags.json && process.stdout.isTTY === true });
        if (flags.json) process.stdout.write(`${JSON.stringify({ spaces: reports })}\n`);
        else process.stdout.write(reports.map(describe).join(''));
      } finally {
        runtime.close();
      }
    });
}

/** Syncs each configured directory (relative paths are taken from the config file's folder). */
export async function syncTargets(runtime: Runtime, targets: readonly SpaceSyncConfig[], output: { progress: boolean }): Promise<SyncReport[]> {
  const { domain, boot, store } = runtime;
  const caller = new Caller(store, boot.admin);
  const root = runtime.configFile ? dirname(runtime.configFile) : process.cwd();
  const reports: SyncReport[] = [];
  for (const target of targets) {
    const org = target.organization ? boot.organizations.find((o) => o.title === target.organization || o.id === target.organization) : boot.organizations[0];
    if (!org) throw new UsageError(`spaces: no organization "${target.organization}" in the config`);
    const bar = output.progress ? new SingleBar({ format: '{space} {phase} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: true }) : null;
    let started = false;
    const options: SyncOptions = {
      dir: resolve(root, target.directory),
      organizationId: org.id,
      caller,
      ...(target.title ? { space: target.title } : {}),
      ...(target.ref ? { ref: target.ref } : {}),
      ...(target.workTree ? { workTree: true } : {}),
      ...(bar
        ? {
            onProgress: ({ space, phase, done, total }) => {
              if (!started) bar.start(total, done, { space, phase });
              started = true;
              bar.setTotal(Math.max(total, 1));
              bar.update(done, { space, phase });
            },
          }
        : {}),
    };
    try {
      reports.push(...(await syncDirectory(domain, options)));
    } finally {
      if (started) bar?.stop();
    }
  }
  return reports;
}

function describe(report: SyncReport): string {
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const line =
    `Synced ${report.space.title}: ${n(report.pagesAdded, 'page')} added, ${report.pagesChanged} changed, ${report.pagesRemoved} removed; ` +
    `${n(report.files, 'file')}; ${n(report.warnings.length, 'warning')}${report.revisionId === null ? ' (no changes)' : ''}\n`;
  return line + report.warnings.map((w) => `  warning: ${w}\n`).join('');
}
