// Posix helpers for repository paths: '' is the repository root, no leading './' or '/', never '..' above the root.

/** Collapse `.`, `..`, empty and duplicate separators. Returns null when the path climbs above the root. */
export function normalizePath(path: string): string | null {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else {
      out.push(part);
    }
  }
  return out.join('/');
}

/** A non-empty repository path already in normal form (no `.`/`..`/empty segments, nothing above the root). */
export function isCleanPath(path: unknown): path is string {
  return typeof path === 'string' && path !== '' && normalizePath(path) === path;
}

/** Join repository path segments and normalise; null when the result escapes the root. */
export function joinPath(...parts: string[]): string | null {
  return normalizePath(parts.filter((p) => p !== '').join('/'));
}

/** Directory of a repository file path ('' for a top-level file). */
export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** Last segment of a path. */
export function basename(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** Lower-cased extension with its dot ('.md'), or '' when the last segment has none. */
export function extname(path: string): string {
  const name = basename(path);
  const i = name.lastIndexOf('.');
  return i <= 0 ? '' : name.slice(i).toLowerCase();
}

/** Percent-decoding per segment that never throws: a malformed segment is left as it was. */
export function decodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** `scheme:` URLs (http, https, mailto, tel, data...) and protocol-relative `//host` URLs. */
export function isAbsoluteUrl(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** Split `path#anchor` (the anchor is decoded; an empty anchor is dropped). A `?query` is removed from the path. */
export function splitAnchor(href: string): { path: string; anchor?: string } {
  const hash = href.indexOf('#');
  let path = hash < 0 ? href : href.slice(0, hash);
  const query = path.indexOf('?');
  if (query >= 0) path = path.slice(0, query);
  const anchor = hash < 0 ? '' : decodePath(href.slice(hash + 1));
  return anchor === '' ? { path } : { path, anchor };
}

/**
 * Resolve a relative reference (`../x.md`, `./y/`, `z%20w.png`) found in the file `fromFile` to a repository path.
 * A leading `/` is taken relative to `root` (the space root). Returns null when the result escapes the repository.
 * A trailing `/` is kept so callers can tell directory references apart.
 */
export function resolveRelative(fromFile: string, href: string, root = ''): string | null {
  const decoded = decodePath(href);
  const base = decoded.startsWith('/') ? root : dirname(fromFile);
  const resolved = joinPath(base, decoded);
  if (resolved === null) return null;
  return decoded.endsWith('/') && resolved !== '' ? `${resolved}/` : resolved;
}

/** Path of `to` relative to the directory of the file `fromFile` (both repository paths), as written in a page. */
export function relativeTo(fromFile: string, to: string): string {
  return relativeFromDir(dirname(fromFile), to);
}

/** Path of the repository file `to` relative to the repository directory `fromDir`. */
export function relativeFromDir(fromDir: string, to: string): string {
  const from = fromDir.split('/').filter(Boolean);
  const target = to.split('/').filter(Boolean);
  let common = 0;
  while (common < from.length && common < target.length - 1 && from[common] === target[common]) common++;
  const ups = from.length - common;
  return [...Array<string>(ups).fill('..'), ...target.slice(common)].join('/');
}

const DOT_SEGMENT = /(?:^|[/\\])\.\.?(?:[/\\]|$)/;

/**
 * Whether a path (a URL path or a file path) has a `.` or `..` segment, as written or once or more percent-decoded
 * (`/a/%2e%2e/b`, `%252e%252e`), with `\` taken as a separator too: such a path may climb out of its folder.
 */
export function hasDotSegment(path: string): boolean {
  let form = path;
  for (let round = 0; round < 4; round++) {
    if (DOT_SEGMENT.test(form)) return true;
    if (!form.includes('%')) return false;
    const decoded = decodeAll(form);
    if (decoded === form) return false;
    form = decoded;
  }
  return true;
}

function decodeAll(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return decodePath(text);
  }
}
