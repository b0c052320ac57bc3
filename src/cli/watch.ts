import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { SpaceSyncConfig } from '../config/index.js';
import type { Runtime } from './runtime.js';
import { type GlobalOptions, parsePort, UsageError } from './util.js';

interface WatchFlags {
  space?: string;
  port: string;
  sync?: boolean;
  allowMassRemoval?: boolean;
}

export function registerWatch(program: Command): void {
  program
    .command('watch')
    .description('live preview: watch the synced directories, rebuild what changed on every save and reload open pages')
    .argument('[dir]', 'the directory to watch (default: the spaces of docs.config.yaml)')
    .option('--space <title|id>', 'the space <dir> holds')
    .option('--port <port>', 'port of the preview server (0: any free port)', '4001')
    .option('--sync', "also move the space's current revision in the project store on every change (default: a scratch store)")
    .option('--allow-mass-removal', "with --sync: land a change that removes more than half of a space's pages, or all of them (by default it is refused)")
    .action(async (dir: string | undefined, _flags: WatchFlags, command: Command) => {
      const flags = command.optsWithGlobals<GlobalOptions & WatchFlags>();
      const port = parsePort(flags.port);
      if (flags.space !== undefined && dir === undefined) throw new UsageError('--space needs a <dir> to watch');
      if (flags.space !== undefined && flags.space.trim() === '') throw new UsageError('--space: expected a space title or id');
      if (dir !== undefined) {
        if (!existsSync(dir)) throw new UsageError(`${dir}: no such directory`);
        if (!statSync(dir).isDirectory()) throw new UsageError(`${dir}: not a directory; give the folder that holds the pages`);
        const multi = ['docs.yaml', 'gitbook-docs.yaml'].some((f) => existsSync(join(dir, f)));
        if (flags.space === undefined && !multi)
          throw new UsageError(`--space is required: name the space ${dir} holds (docs watch ${dir} --space <title|id>)`);
      }
      const { openRuntime, openScratchRuntime } = await import('./runtime.js');
      const runtime = flags.sync ? await openRuntime(flags) : await openScratchRuntime(flags);
      const targets: SpaceSyncConfig[] =
        dir !== undefined ? [{ directory: resolve(dir), workTree: true, ...(flags.space ? { title: flags.space } : {}) }] : runtime.config.spaces;
      if (targets.length === 0) {
        await runtime.close();
        throw new UsageError('nothing to watch: give a <dir> and --space, or list spaces in docs.config.yaml (spaces: [{title, directory}])');
      }
      // The scratch store is only a preview: a half-edited SUMMARY.md may empty it.
      await watchTargets(runtime, targets, port, !flags.sync || flags.allowMassRemoval === true, flags.sync === true);
    });
}

/** `persistent`: the imports land in the project store (`--sync`), and are recorded in its audit log. */
async function watchTargets(
  runtime: Runtime,
  targets: readonly SpaceSyncConfig[],
  port: number,
  allowMassRemoval: boolean,
  persistent: boolean,
): Promise<void> {
  const [{ DirectoryWatcher }, { Preview, watchSite }, { siteSources }, { auditImports }] = await Promise.all([
    import('../gitsync/watch.js'),
    import('../site/preview.js'),
    import('../site/space-site.js'),
    import('./audit.js'),
  ]);
  const { domain, boot, caller, root } = runtime;
  const watchTargets = targets.map((target) => {
    const org = target.organization ? boot.organizations.find((o) => o.title === target.organization || o.id === target.organization) : boot.organizations[0];
    if (!org) throw new UsageError(`spaces: no organization "${target.organization}" in the config`);
    const dir = resolve(root, target.directory);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${target.directory}: no such directory`);
    return { dir, organizationId: org.id, ...(target.title ? { space: target.title } : {}) };
  });
  let preview: Awaited<ReturnType<typeof Preview.start>>;
  try {
    preview = await Preview.start({ port });
  } catch (error) {
    await runtime.close();
    throw new UsageError(`--port ${port}: cannot listen (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const sources = siteSources(domain);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const site = async (spaceIds: readonly string[]) => await watchSite(domain, caller, spaceIds, preview.origin);
  let spaceIds: string[] = [];
  const watcher = new DirectoryWatcher(domain, {
    allowMassRemoval,
    targets: watchTargets,
    caller,
    async onQuick(edit) {
      const started = performance.now();
      await preview.quickEdit(await site(spaceIds), sources, edit.spaceId, edit.pages);
      log(`${edit.pages.map((p) => p.path).join(', ')}: reloaded in ${Math.round(performance.now() - started)} ms`);
    },
    async onImport(result) {
      spaceIds = result.spaceIds;
      if (persistent) await auditImports(domain, 'docs watch --sync', result.reports);
      const report = await preview.build(await site(spaceIds), sources);
      preview.setProblems(result.problems);
      const changed = result.changed.length ? `${result.changed.length} changed file${result.changed.length === 1 ? '' : 's'}: ` : '';
      log(`${changed}imported in ${Math.round(result.ms)} ms, built ${report.pages} pages (${report.rendered} rendered) in ${report.ms} ms`);
      for (const problem of result.problems) log(`problem: ${problem.file}:${problem.line}: ${problem.message}`);
    },
    onError(error, problems) {
      preview.setProblems(problems.length ? problems : [{ file: '', line: 0, message: (error as Error).message }]);
      process.stderr.write(`docs watch: ${(error as Error).message}\n`);
    },
  });
  const started = performance.now();
  await watcher.start();
  log(`Watching ${watchTargets.map((t) => t.dir).join(', ')}`);
  log(`Preview: ${preview.url} (ready in ${Math.round(performance.now() - started)} ms; Ctrl+C to stop)`);
  await new Promise<void>((resolveStop) => {
    const stop = () => resolveStop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await watcher.close();
  await preview.close();
  await runtime.close();
}
