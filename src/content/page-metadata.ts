// Page frontmatter -> page metadata (gitsync-format §3.3). Unknown keys stay in the page file and the parse record.
import { isAbsoluteUrl, resolveRelative } from './paths.js';
import type { PageCover, PageLayout } from '../model/index.js';

export interface PageMetadata {
  description?: string;
  icon?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  cover?: PageCover;
  layout?: PageLayout;
}

const LAYOUT_FLAGS = ['title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata', 'tags', 'actions'] as const;

/**
 * `fileId` maps a repository path to the id of a revision file (null when there is no such file); `warn` collects
 * what could not be used.
 */
export function pageMetadata(
  data: Record<string, unknown>,
  pagePath: string,
  fileId: (path: string) => string | null,
  warn: (message: string) => void,
): PageMetadata {
  const meta: PageMetadata = {};
  const text = (key: string): string | undefined => {
    const value = data[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    warn(`${pagePath}: frontmatter "${key}" is not text; ignored`);
    return undefined;
  };
  const flag = (key: 'hidden' | 'noIndex' | 'noRobotsIndex') => {
    const value = data[key];
    if (value === true || value === false) meta[key] = value;
    else if (value !== undefined && value !== null) warn(`${pagePath}: frontmatter "${key}" must be true or false; ignored`);
  };

  const description = text('description');
  if (description !== undefined) meta.description = description;
  const icon = text('icon');
  if (icon !== undefined && icon !== '') meta.icon = icon;
  flag('hidden');
  flag('noIndex');
  flag('noRobotsIndex');

  const coverRef = text('cover');
  if (coverRef !== undefined && coverRef.trim() !== '') {
    const ref = imageRef(coverRef.trim(), pagePath, fileId);
    if (ref) {
      const cover: PageCover = { ref };
      const y = Number(data.coverY);
      if (data.coverY !== undefined && Number.isFinite(y)) cover.yPos = y;
      const height = Number(data.coverHeight);
      if (data.coverHeight !== undefined && Number.isFinite(height)) cover.height = height;
      meta.cover = cover;
    } else warn(`${pagePath}: cover "${coverRef}" is not a file of the space; ignored`);
  }

  const layout = data.layout;
  if (isRecord(layout)) {
    const out: PageLayout = {};
    if (layout.width === 'wide' || layout.width === 'default') out.width = layout.width;
    const cover = layout.cover;
    if (isRecord(cover)) {
      if (typeof cover.visible === 'boolean') out.cover = cover.visible;
      if (cover.size === 'full' || cover.size === 'hero') out.coverSize = cover.size;
    }
    for (const key of LAYOUT_FLAGS) {
      const option = layout[key];
      if (isRecord(option) && typeof option.visible === 'boolean') out[key] = option.visible;
    }
    if (Object.keys(out).length) meta.layout = out;
  } else if (layout !== undefined && layout !== null) warn(`${pagePath}: frontmatter "layout" must be a mapping; ignored`);
  return meta;
}

function imageRef(href: string, pagePath: string, fileId: (path: string) => string | null): PageCover['ref'] | null {
  if (isAbsoluteUrl(href)) return { kind: 'url', url: href };
  const path = resolveRelative(pagePath, href);
  const id = path === null ? null : fileId(path);
  return id === null ? null : { kind: 'file', file: id };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
