/** The sidebar: the page tree as links (groups, nesting, hidden pages left out), rendered once per site space. */
import type { DocumentPage, RevisionPage } from '../model/index.js';
import type { RevisionIndex } from '../domain/content/content.js';
import { escapeHtml, html, raw, safeUrl, type Raw } from './html.js';
import type { SpaceUrls } from './urls.js';
import { sha1Hex } from '../platform/digest.js';

export interface NavItem {
  id: string;
  title: string;
  kind: RevisionPage['kind'];
  /** null for groups and pages with nothing to open. */
  url: string | null;
  external: boolean;
  emoji?: string;
  children: NavItem[];
}

export interface Nav {
  items: NavItem[];
  /** Visible document pages in reading order: previous/next follow it. */
  order: DocumentPage[];
  /** Parent chain by page id (for breadcrumbs and open sections). */
  parents: Map<string, string | null>;
  /** Changes whenever a title, URL or the tree's shape changes: part of every page's cache key. */
  hash: string;
}

export function buildNav(index: RevisionIndex, urls: SpaceUrls): Nav {
  const order: DocumentPage[] = [];
  const parents = new Map<string, string | null>();
  const itemsOf = (parentId: string | null): NavItem[] => {
    const items: NavItem[] = [];
    for (const page of index.childrenOf(parentId)) {
      parents.set(page.id, parentId);
      if (page.hidden || page.kind === 'computed') {
        itemsOf(page.id);
        continue;
      }
      if (page.kind === 'document') order.push(page);
      const children = itemsOf(page.id);
      const title = page.kind === 'document' ? (page.linkTitle ?? page.title) : page.title;
      const { url, external } = target(page, index, urls);
      const item: NavItem = { id: page.id, title, kind: page.kind, url, external, children };
      if (page.kind === 'document' && page.emoji) item.emoji = page.emoji;
      items.push(item);
    }
    return items;
  };
  const items = itemsOf(null);
  const hash = sha1Hex(JSON.stringify(items), 16);
  return { items, order, parents, hash };
}

function target(page: RevisionPage, index: RevisionIndex, urls: SpaceUrls): { url: string | null; external: boolean } {
  if (page.kind === 'document') return { url: urls.page(page), external: false };
  if (page.kind !== 'link') return { url: null, external: false };
  const t = page.target;
  if (t.kind === 'url') return { url: safeUrl(t.url), external: true };
  if (t.kind === 'page') {
    const linked = index.pages.get(t.page);
    return { url: linked ? urls.page(linked, t.anchor) : null, external: false };
  }
  return { url: null, external: false };
}

/**
 * Up to this many entries (pages, links and groups at every depth) a space's sidebar is the whole tree, inlined in
 * every page: about 10 KB of HTML, the same bytes on every page, no request and nothing drawn late. Past it, a page
 * carries its part of the tree (`partialSidebar`) and the whole tree is one hashed asset the client script loads.
 */
export const FULL_SIDEBAR_ENTRIES = 200;

export function countEntries(items: readonly NavItem[]): number {
  return items.reduce((n, item) => n + 1 + countEntries(item.children), 0);
}

/** The sidebar of a site space: the whole tree in each page, or each page's part of it and the tree as an asset. */
export interface SpaceSidebar {
  /** The whole tree as the `<nav>` every page shares (`markCurrent` marks a page); null past `FULL_SIDEBAR_ENTRIES`. */
  full: string | null;
  /** The `<nav>` of one page, its entry marked current; null when `full` is set. */
  forPage: ((pageId: string) => string) | null;
  /** The whole tree's list (`<ul class="nav-list">`) the client fills the `<nav>` with, by output path; null when `full` is set. */
  asset: { path: string; url: string; readonly html: string } | null;
}

/**
 * The sidebar of a site space. Past `FULL_SIDEBAR_ENTRIES` the tree is written once, to `_quire/nav-<hash>.html`
 * (named by what makes its bytes: the tree, the links' target and `version`, the templates' (`SiteAssets.version`); so
 * it is cached for good, a kept page names the tree it was rendered with, and its HTML is made only when the file is
 * not there yet), and a page carries
 * what a reader needs without the script: the top level, its ancestors' children (its own siblings) and its own
 * children. A group off the page's path shows its title as a link to its first page (a group has no page of its
 * own): every entry stays reachable by walking down from any page. `share: false` makes each page's part whole
 * rather than from its siblings' (tests compare the two).
 */
export function spaceSidebar(nav: Nav, externalTarget: 'self' | 'blank', base: string, version: string, share = true): SpaceSidebar {
  if (countEntries(nav.items) <= FULL_SIDEBAR_ENTRIES) return { full: renderSidebar(nav, externalTarget), forPage: null, asset: null };
  const name = `nav-${sha1Hex(`${nav.hash}\0${externalTarget}\0${version}`, 12)}.html`;
  let tree: string | undefined;
  const asset = {
    path: `_quire/${name}`,
    url: `${base}_quire/${name}`,
    get html() {
      tree ??= listHtml(nav.items, externalTarget);
      return tree;
    },
  };
  const open = `<nav class="sidebar-nav" aria-label="Pages" data-nav-src="${escapeHtml(asset.url)}">`;
  const link = linkHtml(externalTarget);
  const firstUrl = new Map<NavItem, string | null>();
  const first = (item: NavItem): string | null => {
    if (!firstUrl.has(item))
      firstUrl.set(item, (item.url && !item.external ? item.url : null) ?? item.children.reduce<string | null>((u, c) => u ?? first(c), null));
    return firstUrl.get(item)!;
  };
  // The same on every page it is closed on: most of the groups of every page.
  const closed = new Map<NavItem, string>();
  const closedGroup = (item: NavItem): string => {
    let text = closed.get(item);
    if (text === undefined)
      closed.set(
        item,
        (text = `<li class="nav-group nav-closed"><p class="nav-group-title"><a href="${escapeHtml(first(item)!)}">${escapeHtml(item.title)}</a></p>`),
      );
    return text;
  };
  /** The part of the tree a page on `path` shows, with entry `current` marked. */
  const part = (path: ReadonlySet<string>, current: string | null): string => {
    const out: string[] = [];
    const list = (items: readonly NavItem[], depth: number) => {
      out.push(`<ul class="nav-list" data-depth="${depth}">`);
      for (const shown of windowOf(items, path)) {
        if ('start' in shown) {
          out.push(moreHtml(items, shown, first));
          continue;
        }
        const item = shown;
        const onPath = path.has(item.id);
        if (item.kind === 'group') {
          if (!item.children.length) out.push(`<li class="nav-group"><p class="nav-group-title">${escapeHtml(item.title)}</p>`);
          else if (onPath || !first(item)) {
            out.push(`<li class="nav-group">${groupOpen(item, onPath)}`);
            list(item.children, depth);
            out.push('</details>');
          } else out.push(closedGroup(item));
          out.push('</li>');
          continue;
        }
        const own = item.id === current ? markEntry(link(item), item.id) : link(item);
        // An entry without a page of its own to open shows its children: they could not be reached otherwise.
        if (item.children.length && (onPath || !item.url || item.external)) {
          out.push(`<li class="nav-parent">${own}${subOpen(item, onPath)}`);
          list(item.children, depth + 1);
          out.push('</details></li>');
        } else out.push(`<li>${own}</li>`);
      }
      out.push('</ul>');
    };
    list(nav.items, 0);
    return `${open}${out.join('')}</nav>`;
  };
  const pathOf = (id: string | null | undefined) => {
    const path = new Set<string>();
    for (; id; id = nav.parents.get(id)) path.add(id);
    return path;
  };
  // A leaf in a list short enough to show whole shows the same part as its siblings but for its mark: made once per list.
  let leaves: Map<string, NavItem[]> | undefined;
  const byParent = new Map<string | null, string>();
  const forPage = (pageId: string): string => {
    leaves ??= leavesOf(nav.items);
    const siblings = leaves.get(pageId);
    if (!share || !siblings || siblings.length > LIST_WINDOW) return part(pathOf(pageId), pageId);
    const parent = nav.parents.get(pageId) ?? null;
    let shared = byParent.get(parent);
    if (shared === undefined) byParent.set(parent, (shared = part(pathOf(parent), null)));
    return markEntry(shared, pageId);
  };
  return { full: null, forPage, asset };
}

/** The entry of page `id` marked as the current page. */
function markEntry(html: string, id: string): string {
  const marker = `data-nav="${id}"`;
  const at = html.indexOf(marker);
  return at < 0 ? html : `${html.slice(0, at + marker.length)} aria-current="page"${html.slice(at + marker.length)}`;
}

/** The entries without children of the tree, by id: the list each is in. */
function leavesOf(items: readonly NavItem[], out = new Map<string, NavItem[]>()): Map<string, NavItem[]> {
  for (const item of items) {
    if (item.children.length) leavesOf(item.children, out);
    else if (item.kind !== 'group') out.set(item.id, items as NavItem[]);
  }
  return out;
}

/**
 * Past this many entries, a list in a page's part of the tree shows a window of them: its first and last few, and
 * those around the entry on the page's path; each run left out is one "more" link to its middle entry, whose own
 * window shows its neighbours. A flat space of thousands of pages keeps its pages small, every entry in reach.
 */
export const LIST_WINDOW = 100;
const WINDOW_ENDS = 10;
const WINDOW_RADIUS = 25;

interface LeftOut {
  start: number;
  count: number;
}

/** The entries of `items` a page shows, in order, and the runs of those it leaves out. */
function windowOf(items: readonly NavItem[], path: ReadonlySet<string>): Array<NavItem | LeftOut> {
  if (items.length <= LIST_WINDOW) return [...items];
  const at = Math.max(
    0,
    items.findIndex((item) => path.has(item.id)),
  );
  const shown = (i: number) => i < WINDOW_ENDS || i >= items.length - WINDOW_ENDS || Math.abs(i - at) <= WINDOW_RADIUS;
  const out: Array<NavItem | LeftOut> = [];
  let run: LeftOut | undefined;
  for (let i = 0; i < items.length; i++) {
    if (shown(i)) {
      out.push(items[i]!);
      run = undefined;
    } else if (run) run.count++;
    else out.push((run = { start: i, count: 1 }));
  }
  return out;
}

/** A run of left-out entries: one link to its middle entry (the first page under it, for a group). */
function moreHtml(items: readonly NavItem[], run: LeftOut, first: (item: NavItem) => string | null): string {
  const label = `${run.count} more`;
  for (const offset of [0, 1, -1, 2, -2]) {
    const target = items[run.start + Math.floor(run.count / 2) + offset];
    const url = target ? first(target) : null;
    if (url) return `<li class="nav-more"><a href="${escapeHtml(url)}">${label}</a></li>`;
  }
  return `<li class="nav-more"><span>${label}</span></li>`;
}

/** The link (or label) of a sidebar entry, rendered once per entry. */
function linkHtml(externalTarget: 'self' | 'blank'): (item: NavItem) => string {
  const cache = new Map<NavItem, string>();
  return (item) => {
    let text = cache.get(item);
    if (text === undefined) {
      const label = html`${item.emoji ? html`<span class="nav-emoji">${emojiOf(item.emoji)}</span>` : ''}${item.title}`;
      const extra = item.external ? (externalTarget === 'blank' ? raw(' target="_blank" rel="noopener noreferrer"') : raw(' rel="noopener"')) : '';
      text = (item.url ? html`<a href="${item.url}" data-nav="${item.id}"${extra}>${label}</a>` : html`<span>${label}</span>`).value;
      cache.set(item, text);
    }
    return text;
  };
}

/**
 * A group folds under its title, open by default; an entry with children folds them under a toggle beside its link,
 * closed by default. `data-group` / `data-sub` name the entry: `sidebarMarks` opens the current page's path by them.
 */
const groupOpen = (item: NavItem, onPath: boolean) =>
  `<details class="nav-fold" open data-group="${escapeHtml(item.id)}"${onPath ? ' data-path' : ''}><summary class="nav-group-title">${escapeHtml(item.title)}</summary>`;
const subOpen = (item: NavItem, onPath: boolean) =>
  `<details class="nav-fold" data-sub="${escapeHtml(item.id)}"${onPath ? ' open data-path' : ''}><summary class="nav-toggle" aria-label="${escapeHtml(item.title)}"></summary>`;

/** The whole tree as nested lists, every fold in its default state. */
function listHtml(items: readonly NavItem[], externalTarget: 'self' | 'blank'): string {
  const link = linkHtml(externalTarget);
  const list = (items: readonly NavItem[], depth: number): Raw =>
    html`<ul class="nav-list" data-depth="${depth}">${items.map((item) => entry(item, depth))}</ul>`;
  const entry = (item: NavItem, depth: number): Raw => {
    if (item.kind === 'group') {
      if (!item.children.length) return html`<li class="nav-group"><p class="nav-group-title">${item.title}</p></li>`;
      return html`<li class="nav-group">${raw(groupOpen(item, false))}${list(item.children, depth)}</details></li>`;
    }
    if (!item.children.length) return html`<li>${raw(link(item))}</li>`;
    return html`<li class="nav-parent">${raw(link(item))}${raw(subOpen(item, false))}${list(item.children, depth + 1)}</details></li>`;
  };
  return list(items, 0).value;
}

/**
 * The sidebar HTML, the same for every page of the space. Each link carries `data-nav="<id>"`;
 * `markCurrent` patches the current page in with one string replacement instead of re-rendering the tree.
 */
export function renderSidebar(nav: Nav, externalTarget: 'self' | 'blank'): string {
  return `<nav class="sidebar-nav" aria-label="Pages">${listHtml(nav.items, externalTarget)}</nav>`;
}

/**
 * What makes the shared sidebar a page's own, as insertions at offsets (of `sidebar`'s units: characters of a string,
 * bytes of a Buffer), in order: its entry marked current, and the folds on its path (itself and `ancestors`) open.
 */
export function sidebarMarks(sidebar: string | Buffer, pageId: string, ancestors: readonly string[]): Array<[number, string]> {
  const marks: Array<[number, string]> = [];
  const after = (marker: string, text: string) => {
    const at = sidebar.indexOf(marker);
    if (at >= 0) marks.push([at + marker.length, text]);
    return at >= 0;
  };
  after(`data-nav="${pageId}"`, ' aria-current="page"');
  for (const id of [pageId, ...ancestors]) after(`data-group="${id}"`, ' data-path') || after(`data-sub="${id}"`, ' open data-path');
  return marks.sort((a, b) => a[0] - b[0]);
}

export function markCurrent(sidebar: string, pageId: string, ancestors: readonly string[] = []): string {
  let out = '';
  let from = 0;
  for (const [at, text] of sidebarMarks(sidebar, pageId, ancestors)) {
    out += sidebar.slice(from, at) + text;
    from = at;
  }
  return out + sidebar.slice(from);
}

/** Page emoji are stored as code points (`1f680`); anything else is shown as written. */
export function emojiOf(code: string): string {
  if (!/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(code)) return code;
  try {
    return String.fromCodePoint(...code.split('-').map((c) => parseInt(c, 16)));
  } catch {
    return '';
  }
}
