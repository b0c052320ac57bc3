/**
 * The page layout. Everything shared by a site space's pages (head, header, sidebar, footer) is rendered once
 * into a `Chrome`; a page only adds its title, body, outline, previous/next and metadata.
 */
import type { ResolvedCustomization } from './customization.js';
import { escapeHtml, html, raw, safeUrl, type Raw } from './html.js';
import { emojiOf, markCurrent } from './nav.js';
import type { OutlineEntry } from './render/markdown.js';

export interface ChromeInput {
  siteTitle: string;
  /** Base path of the site (`/` or `/docs/`): where `_quire/` assets live. */
  base: string;
  /** The space's home URL. */
  home: string;
  customization: ResolvedCustomization;
  sidebar: string;
  /** Section tabs and the variant switcher, when the site has them. */
  sections: Array<{ title: string; url: string; current: boolean }>;
  variants: Array<{ title: string; url: string; current: boolean }>;
  /** Appended to asset URLs so a new template version is never served from a stale cache. */
  assetVersion: string;
}

export interface Chrome {
  head: string;
  header: string;
  sidebar: string;
  footer: string;
  scripts: string;
  customization: ResolvedCustomization;
  siteTitle: string;
}

export interface PageView {
  id: string;
  title: string;
  description?: string;
  emoji?: string;
  url: string;
  markdownUrl: string;
  body: string;
  outline: OutlineEntry[];
  previous?: { title: string; url: string };
  next?: { title: string; url: string };
  editUrl?: string;
  updatedAt?: string;
  noIndex: boolean;
  /** Absolute URL of the site (for canonical and social tags), when known. */
  canonical?: string;
  layout: { outline: boolean; pagination: boolean; title: boolean; description: boolean; wide: boolean };
}

const linkAttrs = (c: ResolvedCustomization, url: string) =>
  /^https?:/i.test(url) && c.externalTarget === 'blank' ? raw(' target="_blank" rel="noopener noreferrer"') : '';

function themedStyle(c: ResolvedCustomization): string {
  const color = (value: string) => (/^#[0-9a-f]{3,8}$/i.test(value) ? value : '#346ddb');
  const font = (value: string) => value.replace(/[^\w\s,"'-]/g, '');
  return `:root{--primary:${color(c.primaryColor.light)};--font:${font(c.font)};--mono:${font(c.monospaceFont)}}` +
    `:root[data-theme=dark]{--primary:${color(c.primaryColor.dark)}}` +
    `@media (prefers-color-scheme:dark){:root[data-theme=system]{--primary:${color(c.primaryColor.dark)}}}`;
}

function favicon(c: ResolvedCustomization): Raw {
  const light = c.favicon.light ? safeUrl(c.favicon.light) : null;
  const dark = c.favicon.dark ? safeUrl(c.favicon.dark) : null;
  if (light) return html`<link rel="icon" href="${light}">${dark ? html`<link rel="icon" href="${dark}" media="(prefers-color-scheme: dark)">` : ''}`;
  const emoji = c.favicon.emoji ? emojiOf(c.favicon.emoji) : '📘';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">${escapeHtml(emoji)}</text></svg>`;
  return html`<link rel="icon" href="${`data:image/svg+xml,${encodeURIComponent(svg)}`}">`;
}

export function renderChrome(input: ChromeInput): Chrome {
  const c = input.customization;
  const asset = (name: string) => `${input.base}_quire/${name}?v=${input.assetVersion}`;
  const head = html`<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${asset('site.css')}">${favicon(c)}<style>${raw(themedStyle(c))}</style>
<script>${raw(`(function(){var t=null;try{t=localStorage.getItem('quire-theme')}catch(e){}if(t)document.documentElement.dataset.theme=t})()`)}</script>`;

  const logo = c.logo && safeUrl(c.logo.light)
    ? html`<img class="logo logo-light" src="${safeUrl(c.logo.light)}" alt=""><img class="logo logo-dark" src="${safeUrl(c.logo.dark) ?? safeUrl(c.logo.light)}" alt="">`
    : '';
  const headerLinks = c.headerLinks.map((link) => {
    const url = safeUrl(link.to);
    return url ? html`<a class="header-link" href="${url}"${linkAttrs(c, url)}>${link.title}</a>` : '';
  });
  const tabs = (items: ChromeInput['sections'], label: string, className: string) =>
    items.length > 1
      ? html`<nav class="${className}" aria-label="${label}">${items.map((s) => html`<a href="${s.url}"${s.current ? raw(' aria-current="true"') : ''}>${s.title}</a>`)}</nav>`
      : '';
  const announcement = c.announcement
    ? html`<div class="announcement announcement-${c.announcement.style}" role="region" aria-label="Announcement"><p>${c.announcement.message}${
        c.announcement.link && safeUrl(c.announcement.link.to) ? html` <a href="${safeUrl(c.announcement.link.to)}">${c.announcement.link.title}</a>` : ''
      }</p></div>`
    : '';
  const header = html`<a class="skip-link" href="#content">Skip to content</a>${announcement}
<header class="site-header search-${c.search}"><a class="site-title" href="${input.home}">${logo}<span>${input.siteTitle}</span></a>
${tabs(input.sections, 'Sections', 'section-tabs')}<div class="header-end">${headerLinks}
<button type="button" class="search-button" data-search hidden aria-keyshortcuts="Control+K"><span>Search…</span><kbd>Ctrl K</kbd></button>
${c.themeToggle ? html`<button type="button" class="theme-toggle" data-theme-toggle hidden aria-label="Switch theme"><span aria-hidden="true">◐</span></button>` : ''}
</div></header>${input.variants.length > 1 ? html`<div class="variants">${tabs(input.variants, 'Variants', 'variant-switcher')}</div>` : ''}`;

  const footerGroups = c.footer.groups.map((group) => html`<div class="footer-group"><p>${group.title}</p><ul>${group.links.map((link) => {
    const url = safeUrl(link.to);
    return url ? html`<li><a href="${url}"${linkAttrs(c, url)}>${link.title}</a></li>` : '';
  })}</ul></div>`);
  const privacy = c.privacyPolicy && safeUrl(c.privacyPolicy) ? html`<a href="${safeUrl(c.privacyPolicy)}">Privacy policy</a>` : '';
  const footer = html`<footer class="site-footer">${footerGroups.length ? html`<div class="footer-groups">${footerGroups}</div>` : ''}
<p class="footer-meta">${c.footer.copyright ? html`<span>${c.footer.copyright}</span>` : ''}${privacy}${c.trademark ? html`<span class="trademark">Published with Quire</span>` : ''}</p></footer>`;

  const scripts = html`<script src="${asset('site.js')}" defer data-base="${input.base}" data-search-index="${input.home}search-index.json" data-minisearch="${asset('minisearch.js')}"></script>`;
  return { head: head.value, header: header.value, sidebar: input.sidebar, footer: footer.value, scripts: scripts.value, customization: c, siteTitle: input.siteTitle };
}

export function renderPage(chrome: Chrome, page: PageView): string {
  const c = chrome.customization;
  const description = page.description ?? '';
  const title = page.title === chrome.siteTitle ? page.title : `${page.title} | ${chrome.siteTitle}`;
  const social = c.socialPreview && safeUrl(c.socialPreview) ? html`<meta property="og:image" content="${safeUrl(c.socialPreview)}">` : '';
  const outline = page.layout.outline && page.outline.length
    ? html`<aside class="outline"><nav aria-label="On this page"><p>On this page</p><ul>${page.outline.map((o) => html`<li class="depth-${o.depth}"><a href="#${o.id}">${o.text}</a></li>`)}</ul></nav></aside>`
    : '';
  const pager = page.layout.pagination && c.pagination && (page.previous || page.next)
    ? html`<nav class="pagination" aria-label="Previous and next">${page.previous ? html`<a class="previous" href="${page.previous.url}" rel="prev"><small>Previous</small><span>${page.previous.title}</span></a>` : ''}${
        page.next ? html`<a class="next" href="${page.next.url}" rel="next"><small>Next</small><span>${page.next.title}</span></a>` : ''
      }</nav>`
    : '';
  const meta = html`<div class="page-meta">${page.updatedAt ? html`<span>Last updated <time datetime="${page.updatedAt}">${page.updatedAt.slice(0, 10)}</time></span>` : ''}${
    page.editUrl && c.editLink ? html`<a href="${page.editUrl}" rel="noopener">Edit on git</a>` : ''
  }<a href="${page.markdownUrl}">View as Markdown</a></div>`;
  const doc = html`<!doctype html>
<html lang="${c.locale}" data-theme="${c.defaultTheme}" class="corners-${c.corners} theme-${c.theme} links-${c.links} sidebar-${c.sidebarList} sidebar-bg-${c.sidebarBackground}">
<head>${raw(chrome.head)}<title>${title}</title>${description ? html`<meta name="description" content="${description}">` : ''}
${page.canonical ? html`<link rel="canonical" href="${page.canonical}">` : ''}<meta property="og:title" content="${page.title}">${description ? html`<meta property="og:description" content="${description}">` : ''}${social}
${page.noIndex ? raw('<meta name="robots" content="noindex">') : ''}<link rel="alternate" type="text/markdown" href="${page.markdownUrl}">
</head>
<body>${raw(chrome.header)}
<div class="layout${page.layout.wide ? ' wide' : ''}"><aside class="sidebar" id="sidebar">${raw(markCurrent(chrome.sidebar, page.id))}</aside>
<main id="content" class="page" data-pagefind-body>
<header class="page-header">${page.layout.title ? html`<h1>${page.emoji ? html`<span class="page-emoji">${emojiOf(page.emoji)}</span> ` : ''}${page.title}</h1>` : ''}${
    page.layout.description && description ? html`<p class="page-description">${description}</p>` : ''
  }</header>
<div class="markdown">${raw(page.body)}</div>
<footer class="page-footer">${meta}${pager}</footer>
</main>${outline}</div>
${raw(chrome.footer)}${raw(chrome.scripts)}
</body></html>
`;
  return doc.value;
}
