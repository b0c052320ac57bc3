// `source: website`: the start page and the same-origin pages it links to, breadth first (bounded in depth and
// count, robots.txt respected, paced by the politeness delay). A page's parent is the page that first linked to
// it, so the site's link structure becomes the page tree; images become files.
import { invalidInput, DomainError } from '../core/errors.js';
import { HtmlLimitError, type HtmlPage, pageMarkdown, parseHtml } from '../../content/html-to-markdown.js';
import { downloadImages, reason, short } from './images.js';
import { type ImportPlan, type PlannedPage, splitHash } from './plan.js';
import { loadRobots } from './robots.js';
import { type ImportSettings, LIMITS } from './settings.js';
import type { SourceAccess } from './source.js';
import { Throttle } from './throttle.js';

interface Visit {
  url: string;
  parent: string | null;
  depth: number;
}

type Outcome =
  | { visit: Visit; finalUrl: string; page: HtmlPage }
  | { visit: Visit; failure: string }
  | { visit: Visit; skipped: string }
  | { visit: Visit; late: true };

/** Extensions that are never pages: links to them stay links. */
const NOT_PAGES =
  /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|tiff?|css|js|mjs|json|xml|rss|atom|pdf|zip|gz|tgz|tar|bz2|7z|rar|exe|dmg|msi|deb|rpm|apk|iso|mp3|mp4|m4a|wav|ogg|webm|mov|avi|woff2?|ttf|otf|eot|docx?|xlsx?|pptx?|csv|txt|md|wasm)$/i;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

export async function crawlWebsite(start: string, access: SourceAccess, settings: ImportSettings): Promise<ImportPlan> {
  let startUrl: URL;
  try {
    startUrl = new URL(start);
  } catch {
    throw invalidInput(`url: "${short(start)}" is not a valid URL`);
  }
  if (startUrl.protocol !== 'http:' && startUrl.protocol !== 'https:') throw invalidInput('url: a website import reads an http(s) URL');
  const policy = { ...access.policy, timeoutMs: settings.timeoutMs, maxBytes: Math.min(access.policy.maxBytes, LIMITS.pageBytes) };
  let robots = await loadRobots(startUrl.origin, access.fetch, policy);
  if (!robots.allowed(startUrl.href)) throw invalidInput(`url: the robots.txt of ${startUrl.origin} does not allow reading ${startUrl.href}`);
  const throttle = new Throttle(Math.max(settings.crawlDelayMs, robots.delayMs));

  const plan: ImportPlan = { pages: [], files: [], failures: [], skipped: [] };
  const pages = new Map<string, { parent: string | null; page: HtmlPage }>();
  /** Requested URL -> the page it landed on (redirects). */
  const alias = new Map<string, string>();
  const seen = new Set<string>([normalize(startUrl.href)]);
  let origin = startUrl.origin;
  const deadline = Date.now() + LIMITS.crawlMs;
  let late = 0;
  let queued = 1;
  let overLimit = 0;
  let tooDeep = 0;

  const read = async (visit: Visit): Promise<Outcome> => {
    if (visit.parent !== null && Date.now() > deadline) return { visit, late: true };
    try {
      const fetched = await access.fetch(visit.url, 'url', policy);
      const type = fetched.contentType;
      const text = new TextDecoder().decode(fetched.bytes);
      if (type ? !HTML_TYPES.has(type) : !/^\s*</.test(text))
        return { visit, skipped: `${visit.url}: not an HTML page (${type ?? 'unknown type'}); left as a link` };
      return { visit, finalUrl: fetched.url, page: parseHtml(text, fetched.url) };
    } catch (error) {
      if (visit.parent === null && !(error instanceof HtmlLimitError)) throw error;
      if (error instanceof HtmlLimitError || error instanceof DomainError) return { visit, failure: reason(error) };
      throw error;
    }
  };

  let frontier: Visit[] = [{ url: startUrl.href, parent: null, depth: 0 }];
  while (frontier.length > 0) {
    const outcomes = await throttle.map(frontier, read);
    const next: Visit[] = [];
    for (const outcome of outcomes) {
      const { visit } = outcome;
      if ('late' in outcome) {
        late++;
        continue;
      }
      if ('failure' in outcome) {
        if (visit.parent === null) throw invalidInput(`url: ${visit.url}: ${outcome.failure}`);
        plan.failures.push({ resource: visit.url, reason: outcome.failure });
        continue;
      }
      if ('skipped' in outcome) {
        if (visit.parent === null) throw invalidInput(`url: ${outcome.skipped.replace(/; left as a link$/, '')}`);
        plan.skipped.push(outcome.skipped);
        continue;
      }
      const final = new URL(outcome.finalUrl);
      // The start page may redirect to another origin (http -> https, a www host): the crawl follows it there.
      if (visit.parent === null && final.origin !== origin) {
        origin = final.origin;
        robots = await loadRobots(origin, access.fetch, policy);
      } else if (final.origin !== origin) {
        plan.skipped.push(`${visit.url}: redirects to another site (${final.origin}); left as a link`);
        continue;
      }
      const key = normalize(final.href);
      alias.set(normalize(visit.url), key);
      seen.add(key);
      if (pages.has(key)) continue;
      pages.set(key, { parent: visit.parent, page: outcome.page });
      for (const link of outcome.page.links) {
        const url = normalize(link);
        if (seen.has(url) || new URL(url).origin !== origin || NOT_PAGES.test(new URL(url).pathname)) continue;
        seen.add(url);
        if (!robots.allowed(url)) plan.skipped.push(`${url}: robots.txt does not allow it; left as a link`);
        else if (visit.depth + 1 > settings.maxDepth) tooDeep++;
        else if (queued >= settings.maxPages) overLimit++;
        else {
          queued++;
          next.push({ url, parent: key, depth: visit.depth + 1 });
        }
      }
    }
    frontier = next;
  }
  if (late) plan.skipped.push(`${late} linked pages were not read: an import crawls for at most ${LIMITS.crawlMs / 60_000} minutes`);
  if (tooDeep) plan.skipped.push(`${tooDeep} linked pages are more than ${settings.maxDepth} links away from the start page (imports.maxDepth); left as links`);
  if (overLimit) plan.skipped.push(`${overLimit} more linked pages were not read: an import reads at most ${settings.maxPages} pages (imports.maxPages)`);

  const images = await collectImages(pages, origin, access, throttle);
  plan.files.push(...images.files);
  plan.failures.push(...images.failures);
  plan.skipped.push(...images.skipped);
  plan.pages = [...pages.entries()].map(([key, { parent, page }]) => planPage(key, parent, page, alias));
  return plan;
}

function planPage(key: string, parent: string | null, page: HtmlPage, alias: ReadonlyMap<string, string>): PlannedPage {
  const title = page.title ?? titleFromUrl(key);
  return {
    key,
    parent,
    title,
    markdown: (resolve) =>
      pageMarkdown({ title, root: page.root }, (url) => {
        const [target, hash] = splitHash(url);
        const file = resolve(url);
        if (file) return file;
        let normal: string;
        try {
          normal = normalize(target);
        } catch {
          return undefined;
        }
        const ref = resolve(alias.get(normal) ?? normal);
        return ref && `${ref}${hash}`;
      }),
  };
}

/** Images of every page: the site's own paced like its pages, other hosts' a few at a time. */
async function collectImages(pages: ReadonlyMap<string, { page: HtmlPage }>, origin: string, access: SourceAccess, throttle: Throttle) {
  const urls = [...new Set([...pages.values()].flatMap(({ page }) => page.images))].filter((url) => /^(https?|data):/i.test(url));
  const own = urls.filter((url) => url.startsWith(`${origin}/`));
  const [mine, others] = await Promise.all([
    downloadImages(own, access, throttle),
    downloadImages(
      urls.filter((url) => !own.includes(url)),
      access,
    ),
  ]);
  return { files: [...mine.files, ...others.files], failures: [...mine.failures, ...others.failures], skipped: [...mine.skipped, ...others.skipped] };
}

/** The URL without its fragment: two links to anchors of one page are one page. */
function normalize(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

function titleFromUrl(url: string): string {
  const { pathname, hostname } = new URL(url);
  const segment =
    pathname
      .replace(/\/(index\.html?)?$/i, '')
      .split('/')
      .pop() ?? '';
  let last = segment;
  try {
    last = decodeURIComponent(segment);
  } catch {
    // kept as written
  }
  last = last.replace(/\.[a-z]+$/i, '');
  const words = last.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : hostname;
}
