/**
 * Published sites at `/<basename>/...`, and the project's own site at `/` (what `docs start` builds) or else an index
 * of the public sites. A site is let in only as its visibility allows: anyone for public and unlisted sites, a share
 * key for `share-link` sites, a token signed with the site's key for `visitor-auth` sites. The key or token comes once
 * in the query and is kept in a cookie scoped to the site, so links inside the site keep working.
 */
import { readFile, stat } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Domain } from '../domain/index.js';
import { PREVIEW_PARAM, SHARE_KEY_PARAM, VISITOR_TOKEN_PARAM, VisitorDenied } from '../domain/sites/sites.js';
import type { SiteRecord } from '../model/index.js';
import type { Store } from '../store/index.js';
import { isHashedAsset, location, PRIVATE, REDIRECT, siteFileCacheControl } from './http/caching.js';
import { buildingPage, indexPage, messagePage, sendPage } from './http/pages.js';
import { SiteRedirects } from './http/redirects.js';
import { statusOf } from './http-errors.js';

/** Where a published site's files are, for a visitor with these claims (built on demand). */
export interface PublishedSites {
  directory(site: SiteRecord, claims: Record<string, unknown>): Promise<string>;
  /** The version in the URLs of the site assets (`_quire/<file>?v=<version>`): at that version they never change. */
  assetVersion?(): Promise<string>;
}

/** The project's own built site: its folder, `building` while it is being built, or undefined when there is none. */
export type OwnSite = string | (() => string | 'building' | undefined);

export interface PublishedSitesOptions {
  domain: Domain;
  sites?: PublishedSites;
  /** The project's own built site, served at `/`. */
  siteDir?: OwnSite;
}

/** Where a site file is looked up: the folder, the URL path and the same path inside the folder. */
interface SiteFile {
  root: string;
  path: string;
  relative: string;
  privately: boolean;
}

const COOKIE_PREFIX = 'quire_site_';
const PREVIEW_COOKIE_PREFIX = 'quire_preview_';
/** Methods a site does not serve: answered before any body is read, with a 308 where the path moved. */
const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function registerPublishedSites(app: FastifyInstance, options: PublishedSitesOptions): void {
  const { domain, sites, siteDir } = options;
  if (!sites && !siteDir) return;
  const ownSite = typeof siteDir === 'function' ? siteDir : () => siteDir;
  const redirects = new SiteRedirects();
  app.register(fastifyStatic, { root: process.cwd(), serve: false, cacheControl: false });

  app.get('/*', (request, reply) => (isApi(request.url) ? reply.callNotFound() : siteRequest(request, reply)));
  app.route({
    method: [...OTHER_METHODS],
    url: '/*',
    onRequest: async (request, reply) => (isApi(request.url) ? undefined : siteRequest(request, reply)),
    handler: (_request, reply) => reply.callNotFound(),
  });

  async function siteRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const path = decodePath(request.url.split('?')[0]!);
    if (path === null) return notFound(reply);
    const [first = '', ...rest] = path.slice(1).split('/');
    const site = sites && first ? await domain.deps.store.sites.byBasename(first) : undefined;
    if (site && sites) {
      if (!rest.length) return reply.redirect(location(`/${site.basename}/`, queryOf(request)));
      return servePublished(request, reply, site, rest.join('/'), sites);
    }
    const own = ownSite();
    if (own === 'building') return htmlAnswer(reply.header('retry-after', '2'), 503, buildingPage());
    if (own) return serveSiteFile(request, reply, { root: own, path, relative: path.slice(1), privately: false });
    if (path === '/' && sites && readable(request)) return sendPage(request, reply, indexPage(await publicSites(domain.deps.store)));
    return notFound(reply);
  }

  /** A preview link's visitor; a stale preview cookie is ignored rather than refused. */
  async function previewVisitor(site: SiteRecord, token: string, fromCookie: boolean) {
    try {
      return await domain.sites.publishing.admit(site, { preview: token });
    } catch (error) {
      if (fromCookie && error instanceof VisitorDenied) return undefined;
      throw error;
    }
  }

  async function servePublished(request: FastifyRequest, reply: FastifyReply, site: SiteRecord, rest: string, published: PublishedSites) {
    const query = request.query as Record<string, unknown>;
    const jar = cookies(request.headers.cookie);
    const previewCookie = `${PREVIEW_COOKIE_PREFIX}${site.id}`;
    const preview = typeof query[PREVIEW_PARAM] === 'string' ? query[PREVIEW_PARAM] : jar[previewCookie];
    const cookie = `${COOKIE_PREFIX}${site.id}`;
    const fromQuery =
      preview !== undefined
        ? undefined
        : site.visibility === 'share-link'
          ? query[SHARE_KEY_PARAM]
          : site.visibility === 'visitor-auth'
            ? query[VISITOR_TOKEN_PARAM]
            : undefined;
    const secret = typeof fromQuery === 'string' ? fromQuery : jar[cookie];
    let claims: Record<string, unknown>;
    const visitor = site.visibility === 'share-link' ? { shareKey: secret } : { token: secret };
    try {
      const admitted = preview !== undefined ? await previewVisitor(site, preview, typeof query[PREVIEW_PARAM] !== 'string') : undefined;
      ({ claims } = admitted ?? (await domain.sites.publishing.admit(site, visitor)));
    } catch (error) {
      if (!(error instanceof VisitorDenied)) throw error;
      if (error.fallbackURL)
        return reply.redirect(location(`${error.fallbackURL}${error.fallbackURL.includes('?') ? '&' : '?'}location=${encodeURIComponent(request.url)}`, ''));
      const status = statusOf(error.kind);
      return htmlAnswer(reply, status, messagePage(status, error.message));
    }
    if (typeof fromQuery === 'string') {
      reply.header('set-cookie', `${cookie}=${encodeURIComponent(fromQuery)}; Path=/${site.basename}/; HttpOnly; SameSite=Lax`);
    }
    if (typeof query[PREVIEW_PARAM] === 'string') {
      reply.header('set-cookie', `${previewCookie}=${encodeURIComponent(query[PREVIEW_PARAM])}; Path=/${site.basename}/; Max-Age=3600; HttpOnly; SameSite=Lax`);
    }
    const privately = preview !== undefined || site.visibility === 'share-link' || site.visibility === 'visitor-auth';
    if (site.visibility === 'unlisted') reply.header('x-robots-tag', 'noindex');
    const root = await published.directory(site, claims);
    return serveSiteFile(request, reply, { root, path: `/${site.basename}/${rest}`, relative: rest, privately });
  }

  /** A file of a built site, or where its path moved; `dir/` is its `index.html`, a directory without its slash redirects. */
  async function serveSiteFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile) {
    const moved = await redirects.find(file.root, file.path, file.relative);
    if (moved !== undefined) {
      reply.header('cache-control', file.privately ? PRIVATE : REDIRECT);
      return reply.redirect(location(moved, forwardedQuery(request, moved)), readable(request) ? 301 : 308);
    }
    if (!readable(request))
      return htmlAnswer(reply.header('allow', 'GET, HEAD'), 405, messagePage(405, `${request.method} is not allowed here; use GET or HEAD.`));
    const name = file.relative === '' || file.relative.endsWith('/') ? `${file.relative}index.html` : file.relative;
    const info = await stat(join(file.root, name)).catch(() => null);
    // From the path as resolved, never the raw URL: `//evil.com/..%2f/site/dir` must not become `//evil.com/…/`.
    if (info?.isDirectory()) return reply.redirect(location(`${file.path.split('/').map(encodeURIComponent).join('/')}/`, queryOf(request)));
    if (!info) return missing(reply, file.root);
    const version = file.relative.startsWith('_quire/') ? await sites?.assetVersion?.() : undefined;
    const hashed = isHashedAsset(file.relative, (request.query as Record<string, unknown>).v, version);
    reply.header('cache-control', siteFileCacheControl(hashed, file.privately));
    return reply.sendFile(name, file.root);
  }
}

/** The site's own `404.html`, or the server's. Not kept by caches: the page may exist soon. */
async function missing(reply: FastifyReply, root: string) {
  reply.header('cache-control', 'no-store');
  const page = await stat(join(root, '404.html')).catch(() => null);
  // Not a resource: no validators and no ranges (a Range or If-None-Match must not turn it into a partial or empty 404).
  if (!page) return notFound(reply);
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(await readFile(join(root, '404.html')));
}

/** Published sites anyone may open, for the index. */
async function publicSites(store: Store) {
  return (await Promise.all((await store.organizations.all()).map(async (org) => await store.sites.in(org.id))))
    .flat()
    .filter((site) => site.published && site.visibility === 'public')
    .map(({ title, basename }) => ({ title, basename }));
}

const isApi = (url: string) => /^\/v1(\/|\?|$)/.test(url);
const readable = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';
const queryOf = (request: FastifyRequest) => request.url.split('?').slice(1).join('?');

/** The query a redirect carries on: all of it to a path of this server; none of a site's secrets to another host. */
function forwardedQuery(request: FastifyRequest, to: string): string {
  const query = queryOf(request);
  if (!/^[a-z][a-z0-9+.-]*:/i.test(to)) return query;
  const params = new URLSearchParams(query);
  for (const secret of [SHARE_KEY_PARAM, VISITOR_TOKEN_PARAM, PREVIEW_PARAM]) params.delete(secret);
  return params.toString();
}

/** The URL path decoded and normalized, or null when it tries to leave the root. */
function decodePath(raw: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const clean = normalize(path).replace(/\\/g, '/');
  if (!clean.startsWith('/') || clean.split('/').includes('..')) return null;
  return path.endsWith('/') && !clean.endsWith('/') ? `${clean}/` : clean;
}

function cookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    try {
      out[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // A cookie that is not ours may hold anything.
    }
  }
  return out;
}

function notFound(reply: FastifyReply) {
  return htmlAnswer(reply, 404, messagePage(404, 'There is no page at this address.'));
}

/** One of the server's own pages, answering in place of a site's: never kept by caches. */
function htmlAnswer(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
