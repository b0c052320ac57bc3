/**
 * Published sites at `/<basename>/...`, and the project's own site at `/` (what `docs start` builds). A site is let
 * in only as its visibility allows: anyone for public and unlisted sites, a share key for `share-link` sites, a
 * token signed with the site's key for `visitor-auth` sites. The key or token comes once in the query and is kept
 * in a cookie scoped to the site, so links inside the site keep working.
 */
import { stat } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Domain } from '../domain/index.js';
import { PREVIEW_PARAM, SHARE_KEY_PARAM, VISITOR_TOKEN_PARAM, VisitorDenied } from '../domain/sites.js';
import type { SiteRecord } from '../store/index.js';

/** Where a published site's files are, for a visitor with these claims (built on demand). */
export interface PublishedSites {
  directory(site: SiteRecord, claims: Record<string, unknown>): Promise<string>;
}

export interface PublishedSitesOptions {
  domain: Domain;
  sites?: PublishedSites;
  /** The project's own built site, served at `/`. */
  siteDir?: string;
}

const COOKIE_PREFIX = 'quire_site_';
const PREVIEW_COOKIE_PREFIX = 'quire_preview_';

export function registerPublishedSites(app: FastifyInstance, options: PublishedSitesOptions): void {
  const { domain, sites, siteDir } = options;
  if (!sites && !siteDir) return;
  app.register(fastifyStatic, { root: siteDir ?? process.cwd(), serve: false, cacheControl: false });

  app.get('/*', async (request, reply) => {
    if (/^\/v1(\/|$)/.test(request.url)) return reply.callNotFound();
    const path = decodePath(request.url.split('?')[0]!);
    if (path === null) return notFound(reply);
    const [first = '', ...rest] = path.slice(1).split('/');
    const site = sites && first ? domain.deps.store.sites.byBasename(first) : undefined;
    if (site && sites) {
      if (!rest.length) return reply.redirect(`/${site.basename}/`);
      return servePublished(request, reply, site, rest.join('/'), sites);
    }
    if (siteDir) return serveFile(reply, siteDir, path.slice(1), `${path}/`);
    return notFound(reply);
  });

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
    const fromQuery = preview !== undefined ? undefined
      : site.visibility === 'share-link' ? query[SHARE_KEY_PARAM] : site.visibility === 'visitor-auth' ? query[VISITOR_TOKEN_PARAM] : undefined;
    const secret = typeof fromQuery === 'string' ? fromQuery : jar[cookie];
    let claims: Record<string, unknown>;
    const visitor = site.visibility === 'share-link' ? { shareKey: secret } : { token: secret };
    try {
      const admitted = preview !== undefined ? await previewVisitor(site, preview, typeof query[PREVIEW_PARAM] !== 'string') : undefined;
      ({ claims } = admitted ?? (await domain.sites.publishing.admit(site, visitor)));
    } catch (error) {
      if (!(error instanceof VisitorDenied)) throw error;
      if (error.fallbackURL) return reply.redirect(`${error.fallbackURL}${error.fallbackURL.includes('?') ? '&' : '?'}location=${encodeURIComponent(request.url)}`);
      return reply.code(error.status).type('text/html; charset=utf-8').send(deniedPage(error.status, error.message));
    }
    if (typeof fromQuery === 'string') {
      reply.header('set-cookie', `${cookie}=${encodeURIComponent(fromQuery)}; Path=/${site.basename}/; HttpOnly; SameSite=Lax`);
    }
    if (typeof query[PREVIEW_PARAM] === 'string') {
      reply.header('set-cookie', `${previewCookie}=${encodeURIComponent(query[PREVIEW_PARAM])}; Path=/${site.basename}/; Max-Age=3600; HttpOnly; SameSite=Lax`);
    }
    if (preview !== undefined || site.visibility === 'share-link' || site.visibility === 'visitor-auth') reply.header('cache-control', 'private, no-store');
    if (site.visibility === 'unlisted') reply.header('x-robots-tag', 'noindex');
    return serveFile(reply, await published.directory(site, claims), rest, `/${site.basename}/${rest}/`);
  }
}

/** A file of `root`: `dir/` is its `index.html`; a directory without its slash redirects to `slashed`. */
async function serveFile(reply: FastifyReply, root: string, relative: string, slashed: string) {
  const file = relative === '' || relative.endsWith('/') ? `${relative}index.html` : relative;
  const info = await stat(join(root, file)).catch(() => null);
  if (info?.isDirectory()) return reply.redirect(slashed);
  if (!info) {
    const missing = await stat(join(root, '404.html')).catch(() => null);
    return missing ? reply.code(404).sendFile('404.html', root) : notFound(reply);
  }
  return reply.sendFile(file, root);
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
  return reply.code(404).type('text/html; charset=utf-8').send(deniedPage(404, 'There is no page at this address.'));
}

function deniedPage(status: number, message: string): string {
  const title = status === 401 ? 'Sign-in needed' : status === 404 ? 'Not found' : 'Not allowed';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p></main></body></html>\n`;
}
