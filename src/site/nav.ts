/** The sidebar: the page tree as links (groups, nesting, hidden pages left out), rendered once per site space. */
import { createHash } from 'node:crypto';
import type { DocumentPage, RevisionPage } from '../model/index.js';
import type { RevisionIndex } from '../domain/content/content.js';
import { html, raw, safeUrl, type Raw } from './html.js';
import type { SpaceUrls } from './urls.js';

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
  const itemsOf = (parentId: string | null): NavItem[] =>
    index.childrenOf(parentId).flatMap((page): NavItem[] => {
      parents.set(page.id, parentId);
      if (page.hidden || page.kind === 'computed') {
        itemsOf(page.id);
        return [];
      }
      if (page.kind === 'document') order.push(page);
      const children = itemsOf(page.id);
      const title = page.kind === 'document' ? (page.linkTitle ?? page.title) : page.title;
      const { url, external } = target(page, index, urls);
      const item: NavItem = { id: page.id, title, kind: page.kind, url, external, children };
      if (page.kind === 'document' && page.emoji) item.emoji = page.emoji;
      return [item];
    });
  const items = itemsOf(null);
  const hash = createHash('sha1').update(JSON.stringify(items)).digest('hex').slice(0, 16);
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
 * The sidebar HTML, the same for every page of the space. Each link carries `data-nav="<id>"`;
 * `markCurrent` patches the current page in with one string replacement instead of re-rendering the tree.
 */
export function renderSidebar(nav: Nav, externalTarget: 'self' | 'blank'): string {
  const list = (items: NavItem[], depth: number): Raw => html`<ul class="nav-list" data-depth="${depth}">${items.map((item) => entry(item, depth))}</ul>`;
  const entry = (item: NavItem, depth: number): Raw => {
    if (item.kind === 'group') {
      return html`<li class="nav-group"><p class="nav-group-title">${item.title}</p>${item.children.length ? list(item.children, depth) : ''}</li>`;
    }
    const label = html`${item.emoji ? html`<span class="nav-emoji">${emojiOf(item.emoji)}</span>` : ''}${item.title}`;
    const extra = item.external ? (externalTarget === 'blank' ? raw(' target="_blank" rel="noopener noreferrer"') : raw(' rel="noopener"')) : '';
    const link = item.url ? html`<a href="${item.url}" data-nav="${item.id}"${extra}>${label}</a>` : html`<span>${label}</span>`;
    return html`<li>${link}${item.children.length ? list(item.children, depth + 1) : ''}</li>`;
  };
  return html`<nav class="sidebar-nav" aria-label="Pages">${list(nav.items, 0)}</nav>`.value;
}

export function markCurrent(sidebar: string, pageId: string): string {
  return sidebar.replace(`data-nav="${pageId}"`, `data-nav="${pageId}" aria-current="page"`);
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
