/** The server's own small pages: the index of sites at `/`, the page shown while a site is built, refusals. */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface IndexedSite {
  title: string;
  basename: string;
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}main{max-width:40rem;margin:3rem auto;padding:0 1rem}' +
  'a{color:#0b57d0}code{font:.9em ui-monospace,monospace;background:#f1f3f4;padding:.1em .3em;border-radius:3px}' +
  '@media (prefers-color-scheme:dark){body{color:#e8eaed;background:#202124}a{color:#8ab4f8}code{background:#303134}}';

export function indexPage(sites: readonly IndexedSite[]): string {
  const list = sites.length
    ? `<ul>${sites.map((s) => `<li><a href="/${encodeURIComponent(s.basename)}/">${escape(s.title)}</a></li>`).join('')}</ul>`
    : '<p>No public site is published yet. Publish one with <code>docs sync</code> (a <code>sites:</code> entry in docs.config.yaml) or through the API.</p>';
  return page(
    'Documentation sites',
    `<h1>Documentation sites</h1>${list}<h2>API</h2><p>The GitBook-compatible API is at <a href="/v1/"><code>/v1/</code></a>. ` +
      'Send <code>Authorization: Bearer &lt;token&gt;</code>; <code>docs token create</code> issues a token.</p>',
  );
}

export function buildingPage(): string {
  return page(
    'Building the documentation',
    '<h1>Building the documentation</h1><p>The site is being built and will be here in a moment. This page reloads by itself.</p>',
    '<meta http-equiv="refresh" content="2">',
  );
}

export function messagePage(status: number, message: string): string {
  const title = status === 401 ? 'Sign-in needed' : status === 404 ? 'Not found' : status === 405 ? 'Method not allowed' : 'Not allowed';
  return page(title, `<h1>${title}</h1><p>${escape(message)}</p>`);
}

/** Sends a page with a weak ETag of its bytes, or 304 when the client already has them. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string, cacheControl = 'no-cache'): FastifyReply {
  const etag = `W/"${createHash('sha1').update(html).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('text/html; charset=utf-8').send(html);
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.slice(2);
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === bare;
  });
}

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>\n`;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
