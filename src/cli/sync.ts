import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { SpaceSyncConfig } from '../config/index.js';
import type { TwoWayReport } from '../gitsync/two-way/report.js';
import { CONFLICT_POLICIES, type ConflictPolicy, isConflictPolicy } from '../gitsync/two-way/policy.js';
import type { TwoWayOptions } from '../gitsync/two-way/sync.js';
import type { Runtime } from './runtime.js';
import { type GlobalOptions, UsageError, warn } from './util.js';

interface SyncFlags {
  space?: string;
  ref?: string;
  workTree?: boolean;
  json?: boolean;
  conflict?: string;
  allowMassRemoval?: boolean;
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
    .option(
      '--allow-mass-removal',
      "land a sync that removes more than half of a space's pages, or all of them (by default it stops and names SUMMARY.md or the folder)",
    )
    .option('--conflict <policy>', `who wins a true conflict when both sides changed (${CONFLICT_POLICIES.join('|')}; default: the config, else git)`)
    .action(async (dir: string | undefined, _flags: SyncFlags, command: Command) => {
      const flags = command.optsWithGlobals<GlobalOptions & SyncFlags>();
      if (flags.space !== undefined && dir === undefined) throw new UsageError('--space needs a <dir> to import');
      if (flags.ref !== undefined && dir === undefined) throw new UsageError('--ref needs a <dir> to import');
      if (flags.space !== undefined && flags.space.trim() === '') throw new UsageError('--space: expected a space title or id');
      if (flags.conflict !== undefined && !isConflictPolicy(flags.conflict))
        throw new UsageError(`--conflict ${flags.conflict}: expected one of ${CONFLICT_POLICIES.join(', ')}`);
      if (dir !== undefined) checkDirectory(dir);
      const [{ loadConfig }, { openRuntime }, { describeSites, reconcileSites }, { describeTwoWay }] = await Promise.all([
        import('../config/index.js'),
        import('./runtime.js'),
        import('./sites.js'),
        import('../gitsync/two-way/report.js'),
      ]);
      // Checked before the store is opened: a mistake creates nothing.
      const { config } = loadConfig(flags.config ? { file: flags.config } : {});
      if (dir === undefined && config.spaces.length === 0 && !config.sites.length) {
        throw new UsageError('nothing to sync: give a <dir>, or list spaces in docs.config.yaml (spaces: [{title, directory}]; `docs init` writes one)');
      }
      const runtime = await openRuntime(flags);
      try {
        const targets: SpaceSyncConfig[] =
          dir !== undefined
            ? [
                {
                  directory: resolve(dir),
                  workTree: flags.workTree ?? false,
                  ...(flags.space ? { title: flags.space } : {}),
                  ...(flags.ref ? { ref: flags.ref } : {}),
                },
              ]
            : runtime.config.spaces;
        const conflict = flags.conflict as ConflictPolicy | undefined;
        const reports = await syncTargets(runtime, targets, {
          progress: !flags.json && process.stderr.isTTY === true,
          ...(conflict ? { conflict } : {}),
          ...(flags.allowMassRemoval ? { allowMassRemoval: true } : {}),
        });
        // The config's sites follow its spaces: reconciled on a config sync, not on a one-directory sync.
        const sites = dir === undefined && !reports.some((r) => r.failed) ? await reconcileSites(runtime) : [];
        if (flags.json) process.stdout.write(`${JSON.stringify({ spaces: reports, ...(sites.length ? { sites } : {}) })}\n`);
        else process.stdout.write(reports.map((r) => describeTwoWay(r, { warnings: false })).join('') + describeSites(sites));
        // With --json the warnings are in the report.
        if (!flags.json) for (const r of reports) for (const w of r.warnings) warn(`${r.space.title}: ${w}`);
        // Conflicts under `fail` changed nothing; the exit code tells CI.
        if (reports.some((r) => r.failed)) process.exitCode = 1;
      } finally {
        await runtime.close();
      }
    });
}

/** Syncs each configured directory (relative paths are taken from the config file's folder). */
export async function syncTargets(
  runtime: Runtime,
  targets: readonly SpaceSyncConfig[],
  output: { progress: boolean; conflict?: ConflictPolicy; allowMassRemoval?: boolean; command?: string },
): Promise<TwoWayReport[]> {
  const { domain, boot, caller, root } = runtime;
  const { SingleBar } = await import('cli-progress');
  const reports: TwoWayReport[] = [];
  for (const target of targets) {
    const org = target.organization ? boot.organizations.find((o) => o.title === target.organization || o.id === target.organization) : boot.organizations[0];
    if (!org) throw new UsageError(`spaces: no organization "${target.organization}" in the config`);
    const bar = output.progress
      ? new SingleBar({ format: '{space} {phase} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: true, stream: process.stderr })
      : null;
    let started = false;
    const conflict = output.conflict ?? target.conflict;
    const options: TwoWayOptions = {
      dir: resolve(root, target.directory),
      organizationId: org.id,
      caller,
      mergeMessage: runtime.config.gitSync.mergeMessage,
      ...(target.title ? { space: target.title } : {}),
      ...(target.ref ? { ref: target.ref } : {}),
      ...(target.workTree ? { workTree: true } : {}),
      ...(conflict ? { conflict } : {}),
      ...(output.allowMassRemoval ? { allowMassRemoval: true } : {}),
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
      const [{ twoWaySync }, { auditSync }] = await Promise.all([import('../gitsync/two-way/sync.js'), import('./audit.js')]);
      const synced = await twoWaySync(domain, options);
      await auditSync(domain, output.command ?? 'docs sync', org.id, synced);
      reports.push(...synced);
    } finally {
      if (started) bar?.stop();
    }
  }
  return reports;
}

/** The <dir> argument: a folder that exists (a mistake in how the command was called, else). */
function checkDirectory(dir: string): void {
  if (!existsSync(dir)) throw new UsageError(`${dir}: no such directory`);
  if (!statSync(dir).isDirectory())
    throw new UsageError(`${dir}: not a directory; give the folder that holds the pages (the one with README.md or SUMMARY.md)`);
}
