/**
 * The page layout. Everything shared by a site space's pages (head, header, sidebar, footer) is rendered once
 * into a `Chrome`; a page only adds its title, body, outline, previous/next and metadata.
 */
import type { CustomizationLink, HeaderLink, ResolvedCustomization, ThemedColor } from './customization.js';
import { escapeHtml, html, raw, safeUrl, type Raw } from './html.js';
import { emojiOf, markCurrent, sidebarMarks } from './nav.js';
import type { AnchorAliases } from '../content/heading-aliases.js';
import type { OutlineEntry } from './render/markdown.js';

export interface ChromeInput {
  siteTitle: string;
  /** Base path of the site (`/` or `/docs/`): where `_quire/` assets live. */
  base: string;
  /** The space's home URL. */
  home: string;
  customization: ResolvedCustomization;
  /** The sidebar every page shares (the whole tree), or '' with `sidebarFor`. */
  sidebar: string;
  /** A page's own sidebar (a big space: its part of the tree, see `spaceSidebar`), its entry marked current. */
  sidebarFor?: ((pageId: string) => string) | null;
  /** Section tabs and the variant switcher, when the site has them. */
  sections: Array<{ title: string; url: string; current: boolean }>;
  variants: Array<{ title: string; url: string; current: boolean }>;
  /** Appended to asset URLs so a new template version is never served from a stale cache. */
  assetVersion: string;
  /** Where the feedback widget sends answers (`docs serve`); none: they stay in the browser. */
  feedback?: FeedbackTarget | undefined;
}

/** The endpoint of `trackEventsInSiteById`, and where the site space's pages are in the site. */
export interface FeedbackTarget {
  endpoint: string;
  siteSection: string | null;
  siteSpace: string;
  space: string;
}

export interface Chrome {
  head: string;
  header: string;
  sidebar: string;
  sidebarFor: ((pageId: string) => string) | null;
  footer: string;
  scripts: string;
  customization: ResolvedCustomization;
  siteTitle: string;
  feedback: FeedbackTarget | null;
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
  /** The page's ancestors, the top one first: groups (no URL) and pages. The sidebar opens their folds. */
  breadcrumbs?: Array<{ id: string; title: string; url: string | null }>;
  /**
   * Other names of the headings, by the id they name: site.js takes an address's `#alias` (a link from elsewhere in
   * GitHub's or legacy GitBook's form) to the heading. Links in the site already point at the ids.
   */
  anchorAliases?: AnchorAliases;
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

const HEX = /^#[0-9a-f]{3,8}$/i;

/** Site colours as CSS variables, light then dark; values that are not hex colours are left out. */
function themedStyle(c: ResolvedCustomization): string {
  const font = (value: string) => value.replace(/[^\w\s,"'-]/g, '');
  const primaryLight = HEX.test(c.primaryColor.light) ? c.primaryColor.light : '#346ddb';
  const primaryDark = HEX.test(c.primaryColor.dark) ? c.primaryColor.dark : '#6f9cf0';
  const light = [`--primary:${primaryLight}`, `--on-primary:${textOn(primaryLight)}`];
  const dark = [`--primary:${primaryDark}`, `--on-primary:${textOn(primaryDark)}`];
  const add = (name: string, value: ThemedColor | undefined) => {
    if (value && HEX.test(value.light)) light.push(`--${name}:${value.light}`);
    if (value && HEX.test(value.dark)) dark.push(`--${name}:${value.dark}`);
  };
  add('tint', c.tint);
  for (const [name, value] of Object.entries(c.hintColors)) add(name, value);
  return (
    `:root{${light.join(';')};--font:${font(c.font)};--mono:${font(c.monospaceFont)}}` +
    `:root[data-theme=dark]{${dark.join(';')}}` +
    `@media (prefers-color-scheme:dark){:root[data-theme=system]{${dark.join(';')}}}`
  );
}

/** White or near-black, whichever reads better on this colour (WCAG relative luminance). */
function textOn(hex: string): string {
  const digits = hex.length <= 5 ? hex.slice(1, 4).replace(/./g, (d) => d + d) : hex.slice(1, 7);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = parseInt(digits.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#111418' : '#fff';
}

const BUTTON_STYLES: Record<string, string> = { 'button-primary': ' button button-primary', 'button-secondary': ' button button-secondary' };

/** A header link; one with sub-links is a disclosure menu (`<details>`), usable without the script. */
function headerLink(c: ResolvedCustomization, link: HeaderLink): Raw | '' {
  const style = BUTTON_STYLES[link.style ?? ''] ?? '';
  const url = safeUrl(link.to);
  const anchor = (item: CustomizationLink, className?: string) => {
    const href = safeUrl(item.to);
    return href ? html`<a${className ? html` class="${className}"` : ''} href="${href}"${linkAttrs(c, href)}>${item.title}</a>` : '';
  };
  if (!link.links?.length) return url ? anchor(link, `header-link${style}`) : '';
  const items = url && !link.links.some((l) => l.to === link.to) ? [{ title: link.title, to: link.to }, ...link.links] : link.links;
  return html`<details class="header-menu"><summary class="header-link${style}">${link.title}</summary><ul class="header-menu-list">${items.map((item) => html`<li>${anchor(item)}</li>`)}</ul></details>`;
}

function themedImage(className: string, image: { light: string; dark: string } | undefined, alt: string): Raw | '' {
  const light = image ? safeUrl(image.light) : null;
  if (!image || !light) return '';
  return html`<img class="${className} logo-light" src="${light}" alt="${alt}"><img class="${className} logo-dark" src="${safeUrl(image.dark) ?? light}" alt="${alt}">`;
}

const FEEDBACK_QUESTION =
  '<p id="quire-feedback">Was this page helpful?</p><div class="feedback-buttons" role="group" aria-labelledby="quire-feedback">' +
  '<button type="button" data-feedback-value="yes" aria-pressed="false">Yes</button><button type="button" data-feedback-value="no" aria-pressed="false">No</button></div>';
const FEEDBACK_COMMENT =
  '<form class="feedback-comment" hidden><label for="quire-feedback-comment">Anything to add? (optional)</label>' +
  '<textarea id="quire-feedback-comment" maxlength="512" rows="3"></textarea><button type="submit">Send</button></form>';
const FEEDBACK_THANKS = '<p class="feedback-thanks" role="status"></p>';

/**
 * Shown by site.js: without the script there is nothing to click. The answer stays in the browser, and goes to the
 * server too when the site is served by one (`target`), with an optional comment.
 */
function feedbackWidget(target: FeedbackTarget | null, pageId: string): Raw {
  if (!target) return raw(`<div class="feedback" data-feedback hidden>${FEEDBACK_QUESTION}${FEEDBACK_THANKS}</div>`);
  const { endpoint, ...where } = target;
  return html`<div class="feedback" data-feedback hidden data-feedback-endpoint="${endpoint}" data-feedback-location="${JSON.stringify({ ...where, page: pageId })}">${raw(FEEDBACK_QUESTION)}${raw(FEEDBACK_COMMENT)}${raw(FEEDBACK_THANKS)}</div>`;
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
<script>${raw(`(function(){var t=null;try{t=localStorage.getItem('quire-theme')}catch(e){}if(t)document.documentElement.dataset.theme=t;document.documentElement.classList.add('js')})()`)}</script>`;

  const logo = themedImage('logo', c.logo, '');
  const headerLinks = c.headerLinks.map((link) => headerLink(c, link));
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
<header class="site-header search-${c.search}"><a class="menu-toggle" href="#sidebar" aria-controls="sidebar">Menu</a><a class="site-title" href="${input.home}">${logo}<span>${input.siteTitle}</span></a>
${tabs(input.sections, 'Sections', 'section-tabs')}<div class="header-end">${headerLinks}
<button type="button" class="search-button" data-search hidden aria-keyshortcuts="Control+K"><span>Search&hellip;</span><kbd>Ctrl K</kbd></button>
${c.themeToggle ? html`<button type="button" class="theme-toggle" data-theme-toggle hidden aria-label="Switch theme"><span aria-hidden="true">&#9680;</span></button>` : ''}
</div></header>${input.variants.length > 1 ? html`<div class="variants">${tabs(input.variants, 'Variants', 'variant-switcher')}</div>` : ''}`;

  const footerGroups = c.footer.groups.map(
    (group) =>
      html`<div class="footer-group"><p>${group.title}</p><ul>${group.links.map((link) => {
        const url = safeUrl(link.to);
        return url ? html`<li><a href="${url}"${linkAttrs(c, url)}>${link.title}</a></li>` : '';
      })}</ul></div>`,
  );
  const privacy = c.privacyPolicy && safeUrl(c.privacyPolicy) ? html`<a href="${safeUrl(c.privacyPolicy)}">Privacy policy</a>` : '';
  const footerLogo = themedImage('footer-logo', c.footer.logo, input.siteTitle);
  const footer = html`<footer class="site-footer">${footerLogo ? html`<p class="footer-brand">${footerLogo}</p>` : ''}${footerGroups.length ? html`<div class="footer-groups">${footerGroups}</div>` : ''}
<p class="footer-meta">${c.footer.copyright ? html`<span>${c.footer.copyright}</span>` : ''}${privacy}${c.trademark ? html`<span class="trademark">Published with Quire</span>` : ''}</p></footer>`;

  const scripts = html`<script src="${asset('site.js')}" defer data-base="${input.base}" data-search-index="${input.home}search-index.json" data-search-script="${asset('search.js')}" data-mermaid="${asset('mermaid.min.js')}"></script>`;
  return {
    head: head.value,
    header: header.value,
    sidebar: input.sidebar,
    sidebarFor: input.sidebarFor ?? null,
    footer: footer.value,
    scripts: scripts.value,
    customization: c,
    siteTitle: input.siteTitle,
    feedback: input.feedback ?? null,
  };
}

/** Where the sidebar goes: every user string before it is escaped, so `<` cannot come from one. */
const SIDEBAR_SLOT = '<quire-sidebar>';
const MARKS = new Map<string, Buffer>();
const markBytes = (text: string) => MARKS.get(text) ?? (MARKS.set(text, Buffer.from(text)), MARKS.get(text)!);
const sidebarBytes = new WeakMap<Chrome, Buffer>();

const ancestorIds = (page: PageView) => (page.breadcrumbs ?? []).map((b) => b.id);

export function renderPage(chrome: Chrome, page: PageView): string {
  const [before, after] = aroundSidebar(chrome, page);
  return before + (chrome.sidebarFor ? chrome.sidebarFor(page.id) : markCurrent(chrome.sidebar, page.id, ancestorIds(page))) + after;
}

/**
 * The same page as bytes to write. A shared sidebar (the whole tree of a small space) is encoded once per space and
 * shared by every page, split where the current page is marked and its path opened; a big space's page has a
 * sidebar of its own.
 */
export function renderPageBytes(chrome: Chrome, page: PageView): Uint8Array[] {
  const [before, after] = aroundSidebar(chrome, page);
  // Encoded apart: the sidebar, most of a big space's page, stays a one-byte string (quicker to encode) whatever the body holds.
  if (chrome.sidebarFor) return [Buffer.from(before), Buffer.from(chrome.sidebarFor(page.id)), Buffer.from(after)];
  let sidebar = sidebarBytes.get(chrome);
  if (!sidebar) sidebarBytes.set(chrome, (sidebar = Buffer.from(chrome.sidebar)));
  const middle: Uint8Array[] = [];
  let from = 0;
  for (const [at, text] of sidebarMarks(sidebar, page.id, ancestorIds(page))) {
    middle.push(sidebar.subarray(from, at), markBytes(text));
    from = at;
  }
  middle.push(sidebar.subarray(from));
  return [Buffer.from(before), ...middle, Buffer.from(after)];
}

/**
 * The sidebar's folds as the reader left them (site.js keeps them, by entry id, in this browser), before they are
 * painted: the current page's path stays open.
 */
const RESTORE_FOLDS = `<script>(function(){var s;try{s=JSON.parse(localStorage.getItem('quire-nav')||'{}')||{}}catch(e){return}document.querySelectorAll('#sidebar details.nav-fold:not([data-path])').forEach(function(d){var id=d.getAttribute('data-group')||d.getAttribute('data-sub');if(Object.prototype.hasOwnProperty.call(s,id))d.open=!!s[id]})})()</script>`;

/** The page's ancestors above its title, and as BreadcrumbList structured data when the site's address is known. */
function breadcrumbs(page: PageView): Raw | '' {
  const trail = page.breadcrumbs ?? [];
  if (!trail.length) return '';
  const items = trail.map((b) => html`<li>${b.url ? html`<a href="${b.url}">${b.title}</a>` : html`<span>${b.title}</span>`}</li>`);
  const nav = html`<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>${items}<li><span aria-current="page">${page.title}</span></li></ol></nav>`;
  const origin = page.canonical?.slice(0, page.canonical.length - page.url.length);
  if (!origin || !page.canonical?.endsWith(page.url)) return nav;
  const list = [...trail.filter((b) => b.url), { title: page.title, url: page.url }].map((b, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: b.title,
    item: `${origin}${b.url}`,
  }));
  // `<` escaped: a title cannot close the script.
  const json = JSON.stringify({ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: list }).replace(/</g, '\\u003c');
  return html`${nav}<script type="application/ld+json">${raw(json)}</script>`;
}

const aliasesAttr = (aliases: AnchorAliases | undefined) =>
  aliases && Object.keys(aliases).length ? html` data-anchor-aliases="${JSON.stringify(aliases)}"` : '';

function aroundSidebar(chrome: Chrome, page: PageView): [string, string] {
  const c = chrome.customization;
  const description = page.description ?? '';
  const title = page.title === chrome.siteTitle ? page.title : `${page.title} | ${chrome.siteTitle}`;
  const social = c.socialPreview && safeUrl(c.socialPreview) ? html`<meta property="og:image" content="${safeUrl(c.socialPreview)}">` : '';
  const outlineList = html`<ul>${page.outline.map((o) => html`<li class="depth-${o.depth}"><a href="#${o.id}">${o.text}</a></li>`)}</ul>`;
  const hasOutline = page.layout.outline && page.outline.length > 0;
  // Beside the content on a wide screen; folded at the top of the content on a narrow one (one shows at a time).
  const outline = hasOutline
    ? html`<aside class="outline" aria-label="Outline"><nav aria-label="On this page"><p>On this page</p>${outlineList}</nav></aside>`
    : '';
  const compactOutline = hasOutline
    ? html`<details class="outline-compact"><summary>On this page</summary><nav aria-label="On this page">${outlineList}</nav></details>`
    : '';
  const pager =
    page.layout.pagination && c.pagination && (page.previous || page.next)
      ? html`<nav class="pagination" aria-label="Previous and next">${page.previous ? html`<a class="previous" href="${page.previous.url}" rel="prev"><small>Previous</small><span>${page.previous.title}</span></a>` : ''}${
          page.next ? html`<a class="next" href="${page.next.url}" rel="next"><small>Next</small><span>${page.next.title}</span></a>` : ''
        }</nav>`
      : '';
  const meta = html`<div class="page-meta">${page.updatedAt ? html`<span>Last updated <time datetime="${page.updatedAt}">${page.updatedAt.slice(0, 10)}</time></span>` : ''}${
    page.editUrl && c.editLink ? html`<a href="${page.editUrl}" rel="noopener">Edit on git</a>` : ''
  }<a href="${page.markdownUrl}">View as Markdown</a></div>`;
  const doc = html`<!doctype html>
<html lang="${c.locale}" data-theme="${c.defaultTheme}" class="corners-${c.corners} theme-${c.theme} links-${c.links} sidebar-${c.sidebarList} sidebar-bg-${c.sidebarBackground} depth-${c.depth} icons-${c.icons}${c.tint && HEX.test(c.tint.light) ? ' tint' : ''}">
<head>${raw(chrome.head)}<title>${title}</title>${description ? html`<meta name="description" content="${description}">` : ''}
${page.canonical ? html`<link rel="canonical" href="${page.canonical}">` : ''}<meta property="og:title" content="${page.title}">${description ? html`<meta property="og:description" content="${description}">` : ''}${social}
${page.noIndex ? raw('<meta name="robots" content="noindex">') : ''}<link rel="alternate" type="text/markdown" href="${page.markdownUrl}">
</head>
<body>${raw(chrome.header)}
<div class="layout${page.layout.wide ? ' wide' : ''}"><aside class="sidebar" id="sidebar" aria-label="Sidebar"><a class="sidebar-close" href="#content">Close menu</a>${raw(SIDEBAR_SLOT)}</aside>${raw(RESTORE_FOLDS)}
<main id="content" class="page" data-pagefind-body${aliasesAttr(page.anchorAliases)}>
<header class="page-header">${breadcrumbs(page)}${page.layout.title ? html`<h1>${page.emoji ? html`<span class="page-emoji">${emojiOf(page.emoji)}</span> ` : ''}${page.title}</h1>` : ''}${
    page.layout.description && description ? html`<p class="page-description">${description}</p>` : ''
  }</header>${compactOutline}
<div class="markdown">${raw(page.body)}</div>
<footer class="page-footer">${c.feedback ? feedbackWidget(page.id ? chrome.feedback : null, page.id) : ''}${meta}${pager}</footer>
</main>${outline}</div>
${raw(chrome.footer)}${raw(chrome.scripts)}
</body></html>
`;
  const at = doc.value.indexOf(SIDEBAR_SLOT);
  return [doc.value.slice(0, at), doc.value.slice(at + SIDEBAR_SLOT.length)];
}
