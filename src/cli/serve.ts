import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { SyncReport } from '../gitsync/import.js';
import type { PublishedSites } from '../server/published-sites.js';
import type { SitePublisher } from '../site/publisher.js';
import { openRuntime, type Runtime } from './runtime.js';
import { type GlobalOptions, parsePort, UsageError } from './util.js';

interface ServeOptions {
  port?: string;
  host?: string;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the API (/v1) over the project store')
    .option('-p, --port <port>', 'port to listen on (0 picks a free one)')
    .option('--host <host>', 'address to listen on')
    .action(async (options: ServeOptions, command: Command) => {
      await serve(command.optsWithGlobals<GlobalOptions & ServeOptions>(), { ephemeralToken: false });
    });

  program
    .command('start')
    .description('the main job: serve the project and print its URLs and an admin token for this run')
    .option('-p, --port <port>', 'port to listen on (0 picks a free one)')
    .option('--host <host>', 'address to listen on')
    .action(async (options: ServeOptions, command: Command) => {
      await serve(command.optsWithGlobals<GlobalOptions & ServeOptions>(), { ephemeralToken: true });
    });
}

async function serve(options: GlobalOptions & ServeOptions, mode: { ephemeralToken: boolean }): Promise<void> {
  const started = performance.now();
  const runtime = openRuntime(options);
  const { config, domain, boot } = runtime;
  const port = options.port === undefined ? config.server.port : parsePort(options.port);
  const host = options.host ?? config.server.host;
  // The site's own URL, for its sitemap: known before listening unless the port is picked at random.
  const siteUrl = config.server.publicUrl ?? (port === 0 ? undefined : `http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  const siteDir = mode.ephemeralToken ? await buildOwnSite(runtime, await syncOwnDocs(runtime), siteUrl) : undefined;

  let runToken: string | undefined;
  if (mode.ephemeralToken && !process.env.DOCS_TOKEN) {
    runToken = `docs_run_${randomBytes(24).toString('base64url')}`;
    domain.users.acceptFixedToken(runToken, boot.admin.id);
  }

  const publicUrl = (address: string) => config.server.publicUrl ?? address;
  let base = `http://${host}:${port}`;
  // The server (Fastify, Ajv, the spec) loads only for the commands that serve.
  const { buildServer } = await import('../server/app.js');
  const app = buildServer({
    domain,
    publicUrl: () => publicUrl(base),
    bodyLimit: config.server.bodyLimit,
    sites: publishedSites(runtime),
    ...(siteDir ? { siteDir } : {}),
  });
  try {
    await app.listen({ port, host });
  } catch (error) {
    runtime.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${host} is already in use; pick another with --port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`--host ${host}: cannot listen on that address`);
    throw error;
  }
  const address = app.server.address();
  if (address && typeof address === 'object') base = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  // Loaded after listening: git and the site builder are not needed to answer the first request.
  const { installGitSync } = await import('../gitsync/two-way/install.js');
  installGitSync(domain, {
    cacheDir: join(storageDir(runtime), 'git'),
    mergeMessage: config.gitSync.mergeMessage,
    onFailure: (message) => process.stderr.write(`docs: ${message}\n`),
  });
  domain.jobs.start();

  const ms = Math.round(performance.now() - started);
  const lines = [`Quire is serving the API at ${publicUrl(base)}/v1/ (ready in ${ms} ms)`];
  if (siteDir) lines.push(`The documentation site is at ${publicUrl(base)}/`);
  if (boot.newAdminToken) lines.push(`Admin token (shown once; keep it): ${boot.newAdminToken}`);
  if (runToken) lines.push(`Admin token for this run: ${runToken}`);
  if (process.env.DOCS_TOKEN) lines.push('DOCS_TOKEN is accepted as an admin token.');
  if (!boot.newAdminToken && !runToken && !process.env.DOCS_TOKEN) lines.push('Need a token? Run `docs token create`.');
  lines.push(`Try: curl -H "Authorization: Bearer <token>" ${publicUrl(base)}/v1/orgs`);
  process.stdout.write(`${lines.join('\n')}\n`);

  const shutdown = async () => {
    await app.close();
    await domain.jobs.stop();
    runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

/**
 * `start` serves the project's own documentation: the spaces of docs.config.yaml, or else its `docs/` folder
 * as the space "Quire" (files as on disk). A failed sync is reported and the server starts anyway.
 */
async function syncOwnDocs(runtime: Runtime): Promise<SyncReport[]> {
  const root = runtime.configFile ? dirname(runtime.configFile) : process.cwd();
  // A local preview: files as on disk, imported only (never committed back).
  const targets = runtime.config.spaces.length
    ? runtime.config.spaces.map((space) => ({ ...space, workTree: true }))
    : existsSync(join(root, 'docs'))
      ? [{ title: 'Quire', directory: 'docs', workTree: true }]
      : [];
  try {
    const [{ syncTargets }, { describeSites, reconcileSites }] = await Promise.all([import('./sync.js'), import('./sites.js')]);
    const reports = await syncTargets(runtime, targets, { progress: false });
    for (const r of reports) {
      const changed = r.revisionId === null ? 'unchanged' : `${r.pagesAdded} added, ${r.pagesChanged} changed, ${r.pagesRemoved} removed`;
      process.stdout.write(`Synced ${r.space.title} (${changed}; ${r.warnings.length} warnings)\n`);
    }
    process.stdout.write(describeSites(await reconcileSites(runtime)));
    return reports;
  } catch (error) {
    process.stderr.write(`docs: could not sync the documentation: ${(error as Error).message}\n`);
    return [];
  }
}

/** Builds the site of the first synced space into the storage folder; broken links are reported, not fatal. */
async function buildOwnSite(runtime: Runtime, reports: readonly SyncReport[], siteUrl: string | undefined): Promise<string | undefined> {
  const first = reports[0];
  if (!first) return undefined;
  const out = join(storageDir(runtime), 'site');
  try {
    const { buildSpaceSite } = await import('./build.js');
    const report = await buildSpaceSite(runtime, first.space.id, out, { strictLinks: false, ...(siteUrl ? { siteUrl } : {}) });
    process.stdout.write(`Built the site of ${first.space.title}: ${report.pages} pages (${report.rendered} rendered) in ${report.ms} ms\n`);
    for (const warning of report.warnings) process.stdout.write(`  warning: ${warning}\n`);
    return out;
  } catch (error) {
    process.stderr.write(`docs: could not build the documentation site: ${(error as Error).message}\n`);
    return undefined;
  }
}

/** Published sites, built on demand under the storage folder; the builder loads on the first visit, not at start. */
function publishedSites(runtime: Runtime): PublishedSites {
  let publisher: Promise<SitePublisher> | undefined;
  return {
    async directory(site, claims) {
      publisher ??= import('../site/publisher.js').then(({ SitePublisher }) => new SitePublisher(runtime.domain, join(storageDir(runtime), 'sites')));
      return (await publisher).directory(site, claims);
    },
  };
}

function storageDir(runtime: Runtime): string {
  const root = runtime.configFile ? dirname(runtime.configFile) : process.cwd();
  return resolve(root, runtime.config.storage.dir);
}
