import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Command, CommanderError } from 'commander';
import { SingleBar } from 'cli-progress';
import { joinPath, parseGitBookYaml } from '../content/index.js';
import { Caller } from '../domain/index.js';
import type { BuildReport } from '../site/build.js';
import { openRuntime, type Runtime } from './runtime.js';
import { type GlobalOptions, UsageError } from './util.js';

interface BuildFlags {
  space?: string;
  out?: string;
  base?: string;
  siteUrl?: string;
  editUrl?: string;
  strictLinks?: boolean;
  json?: boolean;
}

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('build a static site; with --space, a one-space site with the default customization')
    .option('--space <title|id>', 'the space to publish (default: the only space)')
    .option('--out <dir>', 'output directory', 'dist')
    .option('--base <path>', 'URL path the site is served under', '/')
    .option('--site-url <url>', 'public origin of the site, for sitemap.xml and canonical links')
    .option('--edit-url <url>', 'base URL of the repository files, for "Edit on git" links (e.g. https://github.com/o/r/blob/main/)')
    .option('--no-strict-links', 'report broken internal links and anchors as warnings instead of failing')
    .option('--json', 'print the build report as one JSON object')
    .exitOverride((error) => {
      throw error.exitCode === 0 ? error : new CommanderError(2, error.code, error.message);
    })
    .action(async (_flags: BuildFlags, command: Command) => {
      const flags = command.optsWithGlobals<GlobalOptions & BuildFlags>();
      if (flags.siteUrl !== undefined && !/^https?:\/\/[^/]+/.test(flags.siteUrl)) throw new UsageError(`--site-url ${flags.siteUrl}: expected an http(s) origin`);
      const runtime = openRuntime(flags);
      try {
        const report = await buildSpaceSite(runtime, flags.space, resolve(flags.out ?? 'dist'), flags, !flags.json && process.stdout.isTTY === true);
        if (flags.json) process.stdout.write(`${JSON.stringify(report)}\n`);
        else process.stdout.write(describe(report));
      } catch (error) {
        const { BrokenLinksError } = await import('../site/build.js');
        if (!(error instanceof BrokenLinksError)) throw error;
        if (flags.json) process.stdout.write(`${JSON.stringify({ ...error.report, failed: 'broken links' })}\n`);
        process.stderr.write(`docs: ${error.message}\n`);
        process.exitCode = 1;
      } finally {
        runtime.close();
      }
    });
}

/** Builds the site of one space (by id or title; the only space when omitted) into `out`. */
export async function buildSpaceSite(
  runtime: Runtime,
  spaceName: string | undefined,
  out: string,
  flags: Omit<BuildFlags, 'space' | 'out' | 'json'> = {},
  progress = false,
): Promise<BuildReport> {
  // The site builder (Shiki, MiniSearch, hast) loads only when a site is built.
  const [{ buildSite }, { findSpace, siteSources, spaceSite }] = await Promise.all([import('../site/build.js'), import('../site/space-site.js')]);
  const { domain, boot, store } = runtime;
  const organizations = boot.organizations.map((o) => o.id);
  let space;
  if (spaceName !== undefined) {
    space = findSpace(domain, organizations, spaceName);
    if (!space) throw new UsageError(`--space ${spaceName}: no such space; run \`docs sync <dir> --space "${spaceName}"\` first`);
  } else {
    const all = organizations.flatMap((id) => store.content.spacesIn(id).filter((s) => !s.deletedAt));
    if (all.length !== 1) {
      throw new UsageError(all.length === 0 ? 'no space to build: run `docs sync <dir>` first' : `several spaces (${all.map((s) => `"${s.title}"`).join(', ')}): pick one with --space`);
    }
    space = all[0]!;
  }
  const caller = new Caller(store, boot.admin);
  const site = spaceSite(domain, caller, space.id, {
    basePath: flags.base ?? '/',
    ...(flags.siteUrl ? { siteUrl: flags.siteUrl } : {}),
    ...(flags.editUrl ? { editUrl: flags.editUrl.endsWith('/') ? flags.editUrl : `${flags.editUrl}/` } : {}),
    redirects: gitbookRedirects(runtime, space.id),
  });
  const bar = progress ? new SingleBar({ format: 'Building {space} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: true }) : null;
  let started = false;
  try {
    return await buildSite(site, siteSources(domain), {
      out,
      strictLinks: flags.strictLinks !== false,
      ...(bar ? {
        onProgress: ({ space: label, done, total }: { space: string; done: number; total: number }) => {
          if (!started) bar.start(total, done, { space: label });
          started = true;
          bar.update(done, { space: label });
        },
      } : {}),
    });
  } finally {
    if (started) bar?.stop();
  }
}

/** The `.gitbook.yaml` redirects of a synced space, as repository paths (read from the synced directory). */
function gitbookRedirects(runtime: Runtime, spaceId: string): Record<string, string> {
  const state = runtime.domain.sync.state(spaceId);
  if (!state) return {};
  let text: string;
  try {
    text = readFileSync(join(state.source, state.directory, '.gitbook.yaml'), 'utf8');
  } catch {
    return {};
  }
  const config = parseGitBookYaml(text);
  const out: Record<string, string> = {};
  for (const [from, to] of Object.entries(config.redirects)) {
    const target = joinPath(state.directory, config.root, to.replace(/^\/+/, ''));
    if (target !== null) out[from] = target;
  }
  return out;
}

function describe(report: BuildReport): string {
  const lines = [`Built ${report.pages} pages (${report.rendered} rendered, ${report.pages - report.rendered} unchanged) and ${report.files} files into ${report.out} in ${report.ms} ms`];
  for (const warning of report.warnings) lines.push(`warning: ${warning}`);
  return `${lines.join('\n')}\n`;
}
