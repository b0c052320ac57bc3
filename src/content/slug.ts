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

/** First of `base`, `base-1`, `base-2`... not in `taken`; the result is added to `taken`. */
export function uniqueSlug(base: string, taken: Set<string>): string {
  let candidate = base;
  for (let n = 1; taken.has(candidate); n++) candidate = `${base}-${n}`;
  taken.add(candidate);
  return candidate;
}

/**
 * GitBook's id for a heading text, as seen in exported anchors: the page-slug rules (dots kept, `&` -> `and`,
 * `|` -> `or`) and an `id-` prefix when the slug starts with a digit (`1. Install` -> `id-1.-install`).
 */
export function gitbookHeadingId(text: string): string {
  const slug = slugifyText(text, { decamelize: false, preserveCharacters: ['.'], customReplacements: [['|', ' or '], ['&', ' and ']] });
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
