/**
 * The live preview of `docs watch`: the site is built into a private temp directory and served from there by its
 * own HTTP server, with a small client injected into every HTML response that listens on `/__quire/events`
 * (server-sent events): `reload` (with the URLs that changed; the page keeps its scroll position) and `problems`
 * (an overlay naming the file, line and message, gone after the next good save).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { lookup } from 'mime-types';
import type { Caller, Domain } from '../domain/index.js';
import { slugify } from '../content/index.js';
import type { DocumentPage } from '../model/index.js';
import { buildSite, type BuildReport, type SiteInput, type SiteSources } from './build.js';
import { emptyManifest, type Manifest, readManifest, SEGMENTS } from './manifest.js';
import { gitbookRedirects, spaceSite } from './space-site.js';
import { normalizeBase, SpaceUrls } from './urls.js';

export const EVENTS_PATH = '/__quire/events';
const CLIENT_PATH = '/__quire/client.js';
const STATUS_PATH = '/__quire/status';

export interface PreviewProblem {
  file: string;
  line: number;
  message: string;
}

/** The site of the watched spaces: one space at the root, several each under the slug of its title. */
export async function watchSite(domain: Domain, caller: Caller, spaceIds: readonly string[], siteUrl: string): Promise<SiteInput> {
  if (spaceIds.length === 1) {
    return await spaceSite(domain, caller, spaceIds[0]!, { siteUrl, redirects: await gitbookRedirects(domain, spaceIds[0]!) });
  }
  const used = new Set<string>();
  const spaces = await Promise.all(
    spaceIds.map(async (id) => {
      const view = await domain.content.current(caller, id);
      let prefix = slugify(view.space.title) || 'space';
      for (let n = 2; used.has(prefix); n++) prefix = `${slugify(view.space.title) || 'space'}-${n}`;
      used.add(prefix);
      return { prefix, title: view.space.title, view, redirects: await gitbookRedirects(domain, id) };
    }),
  );
  return { title: spaces[0]?.title ?? 'Docs', siteUrl, spaces };
}

export interface PreviewOptions {
  port: number;
  host?: string;
}

export class Preview {
  readonly out = mkdtempSync(join(tmpdir(), 'quire-watch-'));
  private readonly clients = new Set<ServerResponse>();
  private problems: PreviewProblem[] = [];
  private manifest: Manifest = emptyManifest();
  /** Pages rendered by a quick edit since the last full build, by manifest key -> the blob rendered. */
  private readonly quick = new Map<string, string>();
  private built = 0;
  private busy = false;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(options: PreviewOptions): Promise<Preview> {
    let preview: Preview | null = null;
    const server = createServer((req, res) => {
      if (preview) void preview.handle(req, res);
      else res.writeHead(503).end();
    });
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    preview = new Preview(server, `http://${host}:${port}`);
    return preview;
  }

  get url(): string {
    return `${this.origin}/`;
  }

  /** A full build; open pages whose output changed are told to reload. */
  async build(site: SiteInput, sources: SiteSources): Promise<BuildReport> {
    this.busy = true;
    try {
      const report = await buildSite(site, sources, { out: this.out, strictLinks: false });
      const next = await readManifest(this.out);
      const urls = new Set<string>();
      for (const [key, entry] of Object.entries(next.pages)) {
        const old = this.manifest.pages[key];
        if (old?.key === entry.key || this.quick.get(key) === entry.blob) continue;
        for (const file of entry.files) if (file.endsWith('.html')) urls.add(urlOf(file));
      }
      for (const [key, entry] of Object.entries(this.manifest.pages)) {
        if (!next.pages[key]) for (const file of entry.files) if (file.endsWith('.html')) urls.add(urlOf(file));
      }
      const filesChanged =
        Object.keys(next.files).length !== Object.keys(this.manifest.files).length ||
        Object.entries(next.files).some(([path, blob]) => this.manifest.files[path] !== blob);
      const first = this.built === 0;
      this.manifest = next;
      this.quick.clear();
      this.built++;
      if (first || filesChanged) this.send('reload', {});
      else if (urls.size) this.send('reload', { urls: [...urls] });
      this.send('built', { builds: this.built, pages: report.pages, rendered: report.rendered, ms: report.ms });
      return report;
    } finally {
      this.busy = false;
    }
  }

  /** Re-renders pages whose body changed (new blobs already stored) and reloads them; nothing else is touched. */
  async quickEdit(site: SiteInput, sources: SiteSources, spaceId: string, pages: ReadonlyArray<{ pageId: string; blob: string }>): Promise<string[]> {
    const blobs = new Map(pages.map((p) => [p.pageId, p.blob]));
    const urls: string[] = [];
    const base = normalizeBase(site.basePath);
    const spaces = site.spaces.map((space) => {
      if (space.view.space.id !== spaceId) return space;
      const spaceUrls = new SpaceUrls(base, space.prefix, space.view.content.pages);
      const documents = space.view.index.documents().map((page): DocumentPage => {
        const blob = blobs.get(page.id);
        if (blob === undefined) return page;
        urls.push(decodeURI(spaceUrls.page(page)));
        this.quick.set(`${space.prefix}/${page.id}`, blob);
        return { ...page, blob };
      });
      const index = Object.create(space.view.index, { documents: { value: () => documents } }) as typeof space.view.index;
      return { ...space, view: { ...space.view, index } };
    });
    await buildSite({ ...site, spaces }, sources, { out: this.out, strictLinks: false, only: new Set(blobs.keys()) });
    this.send('reload', { urls });
    return urls;
  }

  setProblems(problems: PreviewProblem[]): void {
    if (JSON.stringify(problems) === JSON.stringify(this.problems)) return;
    this.problems = problems;
    this.send('problems', problems);
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.end();
    this.clients.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.out, { recursive: true, force: true });
  }

  private send(event: string, data: unknown): void {
    const message = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of this.clients) client.write(message);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = safeDecode(new URL(req.url ?? '/', 'http://x').pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === EVENTS_PATH) return this.events(res);
    if (path === CLIENT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(CLIENT);
      return;
    }
    if (path === STATUS_PATH) {
      res
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify({ builds: this.built, building: this.busy, problems: this.problems }));
      return;
    }
    if (path === null || path.includes('\0')) {
      res.writeHead(400).end();
      return;
    }
    if (this.built === 0) return this.html(res, 503, BUILDING);
    let file = join(this.out, normalize(path));
    if (file !== this.out && !file.startsWith(`${this.out}${sep}`)) return this.notFound(res);
    const info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      if (!path.endsWith('/')) {
        res.writeHead(301, { location: `${encodeURI(path)}/` }).end();
        return;
      }
      file = join(file, 'index.html');
    } else if (!info?.isFile() || path.endsWith('/.quire-build.json') || path.includes(`/${SEGMENTS}/`)) return this.notFound(res);
    const body = await readFile(file).catch(() => null);
    if (body === null) return this.notFound(res);
    const type = lookup(extname(file)) || 'application/octet-stream';
    // A page gets the reload client; a site asset (a big space's sidebar tree is an HTML fragment) does not.
    if (type === 'text/html' && !path.startsWith('/_quire/')) return this.html(res, 200, body.toString('utf8'));
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body);
  }

  private async notFound(res: ServerResponse): Promise<void> {
    const page = await readFile(join(this.out, '404.html'), 'utf8').catch(() => '<!doctype html><title>Not found</title><p>Not found</p>');
    this.html(res, 404, page);
  }

  private html(res: ServerResponse, status: number, text: string): void {
    const script = `<script src="${CLIENT_PATH}"></script>`;
    const at = text.lastIndexOf('</body>');
    const body = at < 0 ? `${text}${script}` : `${text.slice(0, at)}${script}${text.slice(at)}`;
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  }

  private events(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write(`retry: 500\nevent: problems\ndata: ${JSON.stringify(this.problems)}\n\n`);
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
  }
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** `a/b/index.html` -> `/a/b/`. */
const urlOf = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`;

const BUILDING = '<!doctype html><html><head><meta charset="utf-8"><title>Building…</title></head><body><p>Building the preview…</p></body></html>';

/** Reloads on `reload` (when the page is among the URLs, or none are given), keeping the scroll position. */
const CLIENT = `(function () {
  var key = 'quire-watch-scroll:' + location.pathname;
  try {
    var saved = sessionStorage.getItem(key);
    if (saved !== null) {
      sessionStorage.removeItem(key);
      var restore = function () { window.scrollTo(0, Number(saved)); };
      if (document.readyState === 'complete') restore(); else addEventListener('load', restore);
    }
  } catch (e) {}
  var here = function () { try { return decodeURIComponent(location.pathname); } catch (e) { return location.pathname; } };
  var source = new EventSource('${EVENTS_PATH}');
  source.addEventListener('reload', function (event) {
    var data = JSON.parse(event.data || '{}');
    var path = here();
    if (data.urls && data.urls.indexOf(path) < 0 && data.urls.indexOf(path.replace(/index\\.html$/, '')) < 0) return;
    try { sessionStorage.setItem(key, String(window.scrollY)); } catch (e) {}
    location.reload();
  });
  source.addEventListener('problems', function (event) { show(JSON.parse(event.data || '[]')); });
  function show(problems) {
    var overlay = document.getElementById('quire-overlay');
    if (!problems.length) { if (overlay) overlay.remove(); return; }
    if (!overlay) {
      overlay = document.createElement('div');
      overlay.id = 'quire-overlay';
      overlay.setAttribute('role', 'alert');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;background:rgba(20,20,24,.92);color:#fff;font:14px/1.5 ui-monospace,monospace';
      document.body.appendChild(overlay);
    }
    overlay.textContent = '';
    var title = document.createElement('h2');
    title.textContent = problems.length === 1 ? 'A problem in your docs' : problems.length + ' problems in your docs';
    title.style.cssText = 'margin:0 0 1rem;color:#ff8a8a;font:600 18px/1.3 system-ui,sans-serif';
    overlay.appendChild(title);
    problems.forEach(function (p) {
      var item = document.createElement('pre');
      item.className = 'quire-problem';
      item.style.cssText = 'white-space:pre-wrap;margin:0 0 1rem;padding:1rem;border-left:4px solid #ff5c5c;background:rgba(255,255,255,.06)';
      item.textContent = p.file + (p.line ? ':' + p.line : '') + '\\n' + p.message;
      overlay.appendChild(item);
    });
    var hint = document.createElement('p');
    hint.textContent = 'Fix the file and save: this page reloads by itself.';
    overlay.appendChild(hint);
  }
})();
`;
