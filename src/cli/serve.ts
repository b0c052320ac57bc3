import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import type { FastifyInstance } from 'fastify';
import type { SyncReport } from '../gitsync/import.js';
import type { LogFormat } from '../server/http/access-log.js';
import { closeGracefully, within } from '../server/http/shutdown.js';
import type { PublishedSites } from '../server/published-sites.js';
import type { SitePublisher } from '../site/publisher.js';
import type { Store } from '../store/index.js';
import type { Runtime } from './runtime.js';
import { type GlobalOptions, parsePort, UsageError } from './util.js';

interface ServeOptions {
  port?: string;
  host?: string;
  logFormat?: string;
}

/** How long a stop waits for the requests in flight and the running jobs. */
const GRACE_MS = 10_000;
const LOG_FORMATS: readonly LogFormat[] = ['text', 'json', 'none'];

export function registerServe(program: Command): void {
  const command = (name: string, description: string) =>
    program
      .command(name)
      .description(description)
      .option('-p, --port <port>', 'port to listen on (0 picks a free one)')
      .option('--host <host>', 'address to listen on')
      .option('--log-format <format>', 'access log on stdout, one line per request: text, json (one JSON object per line) or none', 'text');

  command('serve', 'serve the API (/v1) and the published sites over the project store').action(async (_options: ServeOptions, cmd: Command) => {
    await serve(cmd.optsWithGlobals<GlobalOptions & ServeOptions>(), { start: false });
  });
  command('start', 'the main job: serve the project, its documentation site at / and the published sites, and print their URLs').action(
    async (_options: ServeOptions, cmd: Command) => {
      await serve(cmd.optsWithGlobals<GlobalOptions & ServeOptions>(), { start: true });
    },
  );
}

async function serve(options: GlobalOptions & ServeOptions, mode: { start: boolean }): Promise<void> {
  const started = performance.now();
  const logFormat = parseLogFormat(options.logFormat ?? 'text');
  // The store, the domain and the server load only for the commands that serve: `docs --help` stays instant.
  const { openRuntime } = await import('./runtime.js');
  // The admin's first token is issued here, where it is printed (unless DOCS_TOKEN stands in for it).
  const runtime = await openRuntime({ ...options, firstToken: !process.env.DOCS_TOKEN });
  const { config, domain, boot } = runtime;
  const port = options.port === undefined ? config.server.port : parsePort(options.port);
  const host = options.host ?? config.server.host;
  // `start` builds its own site after listening: until then, its pages answer 503 and the API answers as usual.
  let ownSite: string | 'building' | undefined = mode.start ? 'building' : undefined;
  let base = `http://${hostInUrl(host)}:${port}`;
  const publicUrl = () => config.server.publicUrl ?? base;
  // The server (Fastify, Ajv, the spec) loads only for the commands that serve.
  const [{ buildServer }, { formatEntry, lineWriter }] = await Promise.all([import('../server/app.js'), import('../server/http/access-log.js')]);
  const log = lineWriter((text) => process.stdout.write(text));
  const app = buildServer({
    domain,
    publicUrl,
    bodyLimit: config.server.bodyLimit,
    trustProxy: config.server.trustProxy,
    sites: publishedSites(runtime),
    ...(mode.start ? { siteDir: () => ownSite } : {}),
    ...(logFormat === 'none' ? {} : { accessLog: (entry) => log.write(formatEntry(entry, logFormat)) }),
  });
  await listen(app, runtime, port, host);
  const address = app.server.address();
  if (address && typeof address === 'object') base = `http://${hostInUrl(host)}:${address.port}`;
  stopOnSignals(app, runtime, log.flush);

  // Loaded after listening: git and the site builder are not needed to answer the first request.
  const { installGitSync } = await import('../gitsync/two-way/install.js');
  installGitSync(domain, {
    cacheDir: join(runtime.storeDir, 'git'),
    mergeMessage: config.gitSync.mergeMessage,
    onFailure: (message) => process.stderr.write(`docs: ${message}\n`),
  });
  if (mode.start) ownSite = await buildOwnSite(runtime, await syncOwnDocs(runtime), publicUrl());
  await domain.audit.scheduleRetention();
  domain.jobs.start();

  const runToken = mode.start && !boot.newAdminToken && !process.env.DOCS_TOKEN ? `docs_run_${randomBytes(24).toString('base64url')}` : undefined;
  if (runToken) domain.users.acceptFixedToken(runToken, boot.admin.id);
  const url = publicUrl();
  const lines = [
    `Quire is serving the API at ${url}/v1/ (ready in ${Math.round(performance.now() - started)} ms)`,
    ownSite ? `The documentation site is at ${url}/` : `The index of the sites is at ${url}/`,
    ...(await siteLines(runtime.store, url)),
    tokenLine(boot.newAdminToken, runToken),
    `Try: curl -H "Authorization: Bearer <token>" ${url}/v1/orgs`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function parseLogFormat(value: string): LogFormat {
  const format = LOG_FORMATS.find((f) => f === value);
  if (!format) throw new UsageError(`--log-format ${value}: expected text, json or none`);
  return format;
}

async function listen(app: FastifyInstance, runtime: Runtime, port: number, host: string): Promise<void> {
  try {
    await app.listen({ port, host });
  } catch (error) {
    await runtime.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${host} is already in use; pick another with --port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`--host ${host}: cannot listen on that address`);
    throw error;
  }
}

/**
 * SIGTERM or SIGINT: stop accepting, let the requests in flight and the running jobs finish (at most GRACE_MS; a
 * job cut short is retried on the next start), close the store, exit 0. A second signal cuts the wait short.
 */
function stopOnSignals(app: FastifyInstance, runtime: Runtime, flush: () => void): void {
  let stopping = false;
  const stop = async () => {
    const deadline = performance.now() + GRACE_MS;
    let code = 0;
    try {
      await closeGracefully(app, deadline - performance.now());
      await within(runtime.domain.jobs.stop(), deadline - performance.now());
    } catch (error) {
      process.stderr.write(`docs: could not stop cleanly: ${(error as Error).message}\n`);
      code = 1;
    }
    flush();
    await runtime.close();
    process.exit(code);
  };
  const onSignal = () => {
    if (stopping) return app.server.closeAllConnections();
    stopping = true;
    void stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** One line per published site, with its URL; a site not open to anyone says who may open it. */
async function siteLines(store: Store, url: string): Promise<string[]> {
  const sites = (await Promise.all((await store.organizations.all()).map(async (org) => await store.sites.in(org.id)))).flat().filter((site) => site.published);
  return sites.map((site) => {
    const who = site.visibility === 'public' ? '' : ` (${site.visibility})`;
    return `The site ${printable(site.title)} is at ${url}/${encodeURIComponent(site.basename)}/${who}`;
  });
}

/** The one admin token line: which token calls the API as the admin, and whether it outlives this run. */
function tokenLine(newAdminToken: string | undefined, runToken: string | undefined): string {
  if (process.env.DOCS_TOKEN) return 'DOCS_TOKEN is accepted as an admin token: use it to call the API as the admin (for as long as it is set).';
  if (newAdminToken) return `Admin token (shown once; keep it): ${newAdminToken} (calls the API as the admin; it stays valid after this run)`;
  if (runToken) return `Admin token for this run: ${runToken} (calls the API as the admin; it stops working when this run ends)`;
  return 'Need a token to call the API? Run `docs token create`.';
}

/**
 * `start` serves the project's own documentation: the spaces of docs.config.yaml, or else its `docs/` folder
 * as the space "Quire" (files as on disk). A failed sync is reported and the server goes on.
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
    const reports = await syncTargets(runtime, targets, { progress: false, command: 'docs start' });
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
async function buildOwnSite(runtime: Runtime, reports: readonly SyncReport[], siteUrl: string): Promise<string | undefined> {
  const first = reports[0];
  if (!first) return undefined;
  const out = join(runtime.storeDir, 'site');
  try {
    const { buildSpaceSite } = await import('./build.js');
    // V8's heap: the process goes on serving (`BuildOptions.leanHeap`).
    const report = await buildSpaceSite(runtime, first.space.id, out, { strictLinks: false, siteUrl }, false, false);
    process.stdout.write(`Built the site of ${first.space.title}: ${report.pages} pages (${report.rendered} rendered) in ${report.ms} ms\n`);
    for (const warning of report.warnings) process.stderr.write(`docs: warning: ${warning}\n`);
    return out;
  } catch (error) {
    process.stderr.write(`docs: could not build the documentation site: ${(error as Error).message}\n`);
    return undefined;
  }
}

/** Published sites, built on demand under the storage folder; the builder loads on the first visit, not at start. */
function publishedSites(runtime: Runtime): PublishedSites {
  let publisher: Promise<SitePublisher> | undefined;
  const load = () =>
    (publisher ??= import('../site/publisher.js').then(({ SitePublisher }) => new SitePublisher(runtime.domain, join(runtime.storeDir, 'sites'))));
  return {
    directory: async (site, claims) => (await load()).directory(site, claims),
    assetVersion: async () => (await load()).assetVersion(),
  };
}

const hostInUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** A title from the store, on one line of a terminal: control characters become spaces. */
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
