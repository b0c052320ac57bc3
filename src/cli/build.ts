import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { BuildReport, SiteInput } from '../site/build.js';
import type { Runtime } from './runtime.js';
import { CommandFailure, type GlobalOptions, UsageError, warn } from './util.js';

interface BuildFlags {
  site?: string;
  space?: string;
  out?: string;
  base?: string;
  siteUrl?: string;
  editUrl?: string;
  strictLinks?: boolean;
  json?: boolean;
}

export function registerBuild(program: Command): void {
  const common = (command: Command) =>
    command
      .option('--out <dir>', 'output directory', 'dist')
      .option('--base <path>', 'URL path the site is served under', '/')
      .option('--site-url <url>', 'public origin of the site, for sitemap.xml and canonical links')
      .option('--no-strict-links', 'report broken internal links and anchors as warnings instead of failing')
      .option('--json', 'print the build report as one JSON object');

  common(
    program
      .command('build')
      .description('build a static site: a site of the sites API (--site), or a one-space site with the default customization (--space)')
      .option('--site <id|basename|title>', 'the site to build, with its sections, site spaces and customization')
      .option('--space <title|id>', 'the space to publish on its own (default: the only space, when no site exists)')
      .option('--edit-url <url>', 'base URL of the repository files, for "Edit on git" links (e.g. https://github.com/o/r/blob/main/)'),
  ).action(async (_flags: BuildFlags, command: Command) => {
    const flags = checkFlags(command.optsWithGlobals<GlobalOptions & BuildFlags>());
    if (flags.site !== undefined && flags.space !== undefined) throw new UsageError('--site and --space: give one or the other');
    await withReport(flags, async (runtime, progress) => {
      const site = flags.site !== undefined || (flags.space === undefined && (await hasSites(runtime))) ? await findSite(runtime, flags.site) : undefined;
      const out = resolve(flags.out ?? 'dist');
      return site ? buildApiSite(runtime, site.id, out, flags, progress) : buildSpaceSite(runtime, flags.space, out, flags, progress);
    });
  });

  common(
    program
      .command('publish')
      .description('build a site of the sites API, mark it published and record the event')
      .option('--site <id|basename|title>', 'the site to publish (default: the only site)'),
  ).action(async (_flags: BuildFlags, command: Command) => {
    const flags = checkFlags(command.optsWithGlobals<GlobalOptions & BuildFlags>());
    await withReport(flags, async (runtime, progress) => {
      const site = await findSite(runtime, flags.site);
      const report = await buildApiSite(runtime, site.id, resolve(flags.out ?? 'dist'), flags, progress);
      await runtime.domain.sites.publishing.recordPublished(site.id, { out: report.out, pages: report.pages, rendered: report.rendered });
      return { ...report, published: site.id };
    });
  });
}

function checkFlags<T extends BuildFlags>(flags: T): T {
  if (flags.siteUrl !== undefined && !/^https?:\/\/[^/]+/.test(flags.siteUrl)) throw new UsageError(`--site-url ${flags.siteUrl}: expected an http(s) origin`);
  return flags;
}

/** Opens the store, runs the build and prints its report; broken links exit 1 with the report. */
async function withReport(flags: GlobalOptions & BuildFlags, run: (runtime: Runtime, progress: boolean) => Promise<BuildReport>): Promise<void> {
  const { openRuntime } = await import('./runtime.js');
  const runtime = await openRuntime({ ...flags, create: false });
  try {
    const report = await run(runtime, !flags.json && process.stderr.isTTY === true);
    if (flags.json) process.stdout.write(`${JSON.stringify(report)}\n`);
    else process.stdout.write(describe(report));
    if (!flags.json) for (const warning of report.warnings) warn(warning);
  } catch (error) {
    const { BrokenLinksError } = await import('../site/build.js');
    if (!(error instanceof BrokenLinksError)) throw error;
    if (flags.json) process.stdout.write(`${JSON.stringify({ ...error.report, failed: 'broken links' })}\n`);
    process.stderr.write(`docs: ${error.message}\n`);
    process.exitCode = 1;
  } finally {
    await runtime.close();
  }
}

const sitesOf = async (runtime: Runtime) => (await Promise.all(runtime.boot.organizations.map(async (o) => await runtime.store.sites.in(o.id)))).flat();
const hasSites = async (runtime: Runtime) => (await sitesOf(runtime)).length > 0;

/** A site by id, basename or title; the only site when no name is given. */
async function findSite(runtime: Runtime, name: string | undefined) {
  const sites = await sitesOf(runtime);
  if (name === undefined) {
    if (sites.length === 1) return sites[0]!;
    if (sites.length === 0)
      throw new CommandFailure('no site to build: create one through the API or in docs.config.yaml (sites:), or build a space with --space');
    throw new UsageError(`several sites (${sites.map((s) => `"${s.title}"`).join(', ')}): pick one with --site`);
  }
  const site = sites.find((s) => s.id === name) ?? sites.find((s) => s.basename === name) ?? sites.find((s) => s.title === name);
  if (!site) throw new UsageError(`--site ${name}: no site with that id, basename or title`);
  return site;
}

/** Builds a site of the sites API (what a visitor without claims sees) into `out`. */
export async function buildApiSite(
  runtime: Runtime,
  siteId: string,
  out: string,
  flags: Omit<BuildFlags, 'site' | 'out' | 'json'> = {},
  progress = false,
): Promise<BuildReport> {
  const { apiSite } = await import('../site/api-site.js');
  const site = await apiSite(runtime.domain, siteId, { basePath: flags.base ?? '/', ...(flags.siteUrl ? { siteUrl: flags.siteUrl } : {}) });
  if (!site.spaces.length) throw new CommandFailure(`--site ${siteId}: the site publishes no space yet; add a site space through the API`);
  return runBuild(runtime, site, out, flags, progress);
}

/**
 * Builds the site of one space (by id or title; the only space when omitted) into `out`. `leanHeap`: for a command
 * that builds once (`BuildOptions.leanHeap`); `docs start` goes on serving.
 */
export async function buildSpaceSite(
  runtime: Runtime,
  spaceName: string | undefined,
  out: string,
  flags: Omit<BuildFlags, 'site' | 'space' | 'out' | 'json'> = {},
  progress = false,
  leanHeap = true,
): Promise<BuildReport> {
  // The site builder (Shiki, hast, the search index) loads only when a site is built.
  const { findSpace, gitbookRedirects, spaceSite } = await import('../site/space-site.js');
  const { domain, boot, store, caller } = runtime;
  const organizations = boot.organizations.map((o) => o.id);
  let space: Awaited<ReturnType<typeof findSpace>>;
  if (spaceName !== undefined) {
    space = await findSpace(domain, organizations, spaceName);
    if (!space) throw new UsageError(`--space ${spaceName}: no such space; run \`docs sync <dir> --space "${spaceName}"\` first`);
  } else {
    const all = (await Promise.all(organizations.map(async (id) => (await store.content.spacesIn(id)).filter((s) => !s.deletedAt)))).flat();
    if (all.length !== 1) {
      if (all.length === 0) throw new CommandFailure('no space to build: run `docs sync` first');
      throw new UsageError(`several spaces (${all.map((s) => `"${s.title}"`).join(', ')}): pick one with --space`);
    }
    space = all[0]!;
  }
  const site = await spaceSite(domain, caller, space.id, {
    basePath: flags.base ?? '/',
    ...(flags.siteUrl ? { siteUrl: flags.siteUrl } : {}),
    ...(flags.editUrl ? { editUrl: flags.editUrl.endsWith('/') ? flags.editUrl : `${flags.editUrl}/` } : {}),
    redirects: await gitbookRedirects(domain, space.id),
  });
  return runBuild(runtime, site, out, flags, progress, leanHeap);
}

async function runBuild(
  runtime: Runtime,
  site: SiteInput,
  out: string,
  flags: Pick<BuildFlags, 'strictLinks'>,
  progress: boolean,
  leanHeap = true,
): Promise<BuildReport> {
  const [{ buildSite }, { siteSources }, { SingleBar }] = await Promise.all([
    import('../site/build.js'),
    import('../site/space-site.js'),
    import('cli-progress'),
  ]);
  const bar = progress
    ? new SingleBar({ format: 'Building {space} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: true, stream: process.stderr })
    : null;
  let started = false;
  try {
    return await buildSite(site, siteSources(runtime.domain), {
      out,
      strictLinks: flags.strictLinks !== false,
      leanHeap,
      ...(bar
        ? {
            onProgress: ({ space: label, done, total }: { space: string; done: number; total: number }) => {
              if (!started) bar.start(total, done, { space: label });
              started = true;
              bar.update(done, { space: label });
            },
          }
        : {}),
    });
  } catch (error) {
    throw outputError(error, out) ?? error;
  } finally {
    if (started) bar?.stop();
  }
}

/** The output folder cannot be written (a file in the way, no permission, a full disk): a message, not a trace. */
function outputError(error: unknown, out: string): CommandFailure | null {
  const { code, path } = error as NodeJS.ErrnoException;
  if (!code || !path || !['EACCES', 'EPERM', 'EEXIST', 'ENOENT', 'ENOTDIR', 'EISDIR', 'EROFS', 'ENOSPC', 'EDQUOT'].includes(code)) return null;
  return new CommandFailure(`--out ${out}: cannot write ${path} (${code})`);
}

function describe(report: BuildReport): string {
  return `Built ${report.pages} pages (${report.rendered} rendered, ${report.pages - report.rendered} unchanged) and ${report.files} files into ${report.out} in ${report.ms} ms\n`;
}
