/**
 * The redirects of a built site (`.gitbook.yaml` redirects and site redirects), read from the `_redirects` file the
 * build writes (`<from> <to> <status>` per line, paths with the site's base) and kept until the file changes. The
 * build also writes a meta-refresh page at each old path for static hosts; here the old path answers with a real
 * redirect instead. A page of its own at the old path wins, as it does on a static host.
 */
import { LRUCache } from 'lru-cache';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

interface Loaded {
  stamp: string;
  /** Old path, lower case and without a trailing slash -> where it moved. */
  targets: Map<string, string>;
}

export class SiteRedirects {
  private readonly loaded = new LRUCache<string, Loaded>({ max: 256 });

  /** Where `path` (the URL path, decoded) moved to, or undefined. `relative` is the same path inside `root`. */
  async find(root: string, path: string, relative: string): Promise<string | undefined> {
    const targets = await this.targets(root);
    const to = targets.get(key(path));
    if (to === undefined || (await hasOwnPage(root, relative))) return undefined;
    return to;
  }

  private async targets(root: string): Promise<Map<string, string>> {
    const file = join(root, '_redirects');
    const info = await stat(file).catch(() => null);
    if (!info) return new Map();
    const stamp = `${info.mtimeMs}:${info.size}`;
    const cached = this.loaded.get(root);
    if (cached?.stamp === stamp) return cached.targets;
    const targets = parseRedirects(await readFile(file, 'utf8').catch(() => ''));
    this.loaded.set(root, { stamp, targets });
    return targets;
  }
}

/** `_redirects` lines; the old path may hold spaces, the target (a URL) never does. */
export function parseRedirects(text: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const line of text.split('\n')) {
    const words = line.trim().split(' ');
    if (words.length < 3 || !/^30[1278]$/.test(words.at(-1)!)) continue;
    const to = words.at(-2)!;
    const from = words.slice(0, -2).join(' ');
    if (from.startsWith('/') && /^(\/(?!\/)|https?:\/\/)/.test(to) && !targets.has(key(from))) targets.set(key(from), to);
  }
  return targets;
}

const key = (path: string) => (path.replace(/\/+$/, '') || '/').toLowerCase();

/** True when the old path holds a page of its own rather than the build's small meta-refresh stand-in. */
async function hasOwnPage(root: string, relative: string): Promise<boolean> {
  const file = join(root, relative.replace(/\/+$/, ''), 'index.html');
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  if (info.size > 4096) return true;
  const html = await readFile(file, 'utf8').catch(() => '');
  return !html.includes('<meta http-equiv="refresh"');
}
