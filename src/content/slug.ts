import slugifyText from '@sindresorhus/slugify';
import GithubSlugger from 'github-slugger';

/**
 * GitBook-style page/group slug: lowercase, ASCII-folded (`Introducción` -> `introduccion`), `&` -> `and`,
 * other punctuation dropped, words joined by `-`. Dots are kept (`Vue.js` -> `vue.js`) as in GitBook exports.
 * Scripts with no transliteration (CJK) give ''; callers fall back to `untitled` via `pageSlug`.
 */
export function slugify(text: string): string {
  return slugifyText(text, { decamelize: false, preserveCharacters: ['.'] }).replace(/^[.-]+|[.-]+$/g, '');
}

/** Slug for a new page file name; never empty. */
export function pageSlug(title: string): string {
  return slugify(title) || 'untitled';
}

/**
 * First of `base`, `base-1`, `base-2`... not in `taken`; the result is added to `taken`. The one rule for making a
 * name unique among its siblings: page writes, the slugs an export repairs and the site's repaired paths all use it.
 */
export function uniqueSlug(base: string, taken: Set<string>): string {
  const candidate = firstFree(
    (n) => (n === 0 ? base : `${base}-${n}`),
    (c) => !taken.has(c),
  );
  taken.add(candidate);
  return candidate;
}

/** More candidates than any content holds names: reaching it means `candidate` repeats itself. */
const MAX_CANDIDATES = 1_000_000;

/**
 * The first of `candidate(0)`, `candidate(1)`... that `isFree`. Candidates must be distinct; a `null` candidate (one
 * that has no valid form) is skipped. Bounded, so a candidate function that repeats itself fails instead of spinning.
 */
export function firstFree(candidate: (n: number) => string | null, isFree: (c: string) => boolean): string {
  for (let n = 0; n < MAX_CANDIDATES; n++) {
    const c = candidate(n);
    if (c !== null && isFree(c)) return c;
  }
  throw new NoFreeNameError(`no free name after ${MAX_CANDIDATES} candidates (first: ${String(candidate(0))})`);
}

/** `firstFree` ran out of candidates: callers facing users turn it into an error naming their input. */
export class NoFreeNameError extends Error {
  override name = 'NoFreeNameError';
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Why `slug` cannot be a page slug, or null when it can. A slug is one URL path segment: not empty, no `/` or `\`,
 * no leading `.` (`.`, `..`, and hidden names such as `.git` that Git Sync skips or git refuses), no control character,
 * no whitespace at either end; also once percent-decoded, so that no URL built from it climbs a level.
 */
export function slugProblem(slug: string): string | null {
  for (const form of new Set([slug, decodeSegment(slug)])) {
    if (form.trim() === '') return 'must not be empty or blank';
    if (form.trim() !== form) return 'must not begin or end with whitespace';
    if (/[/\\]/.test(form)) return 'must be one path segment, without "/" or "\\"';
    if (form.startsWith('.')) return 'must not begin with "." (".", ".." or a hidden name)';
    if (CONTROL.test(form)) return 'must not contain control characters';
  }
  return null;
}

/** `slug` when it is a valid slug, else one derived from it (`../../x` -> `x`, `..` -> `untitled`, `.git` -> `git`): to repair stored data. */
export function safeSlug(slug: string): string {
  return typeof slug === 'string' && slugProblem(slug) === null ? slug : pageSlug(typeof slug === 'string' ? decodeSegment(slug) : '');
}

function decodeSegment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * GitBook's id for a heading text, as seen in exported anchors: the page-slug rules (dots kept, `&` -> `and`,
 * `|` -> `or`) and an `id-` prefix when the slug starts with a digit (`1. Install` -> `id-1.-install`).
 */
export function gitbookHeadingId(text: string): string {
  const slug = slugifyText(text, {
    decamelize: false,
    preserveCharacters: ['.'],
    customReplacements: [
      ['|', ' or '],
      ['&', ' and '],
    ],
  });
  return /^\d/.test(slug) ? `id-${slug}` : slug;
}

export type HeadingIdStyle = 'gitbook' | 'github';

/**
 * Heading ids for one page. `gitbook` (default) follows `gitbookHeadingId` and resolves more of the `page.md#id`
 * links in GitBook exports than `github` (github-slugger). Duplicates get `-1`, `-2`. Explicit ids (`<a id="x">`)
 * win and are reserved, so a generated id never collides with them: `reserve` them all before generating.
 */
export class HeadingSlugger {
  private readonly github = new GithubSlugger();
  private readonly used = new Set<string>();

  constructor(private readonly style: HeadingIdStyle = 'gitbook') {}

  reserve(id: string): void {
    this.used.add(id);
  }

  id(text: string, explicitId?: string): string {
    if (explicitId !== undefined && explicitId !== '') {
      this.used.add(explicitId);
      return explicitId;
    }
    let id: string;
    if (this.style === 'github') {
      id = this.github.slug(text);
      while (this.used.has(id)) id = this.github.slug(text);
    } else {
      const base = gitbookHeadingId(text);
      id = base;
      for (let n = 1; this.used.has(id); n++) id = `${base}-${n}`;
    }
    this.used.add(id);
    return id;
  }
}

/** GitHub-style id of a single heading text, without de-duplication. */
export function githubHeadingId(text: string): string {
  return new GithubSlugger().slug(text);
}
