/**
 * The other names of a page's headings. Quire writes one id per heading (`HeadingSlugger`), but GitBook repositories
 * link headings by the ids other renderers gave them: GitHub's (`## Release 4.9` as `#release-49`, `## A - B` as
 * `#a---b`), legacy GitBook's (github-slugid: `#release-49`, `#a-b`), or the heading text in any case
 * (`#PromptMessage`, `#Release%204.9`). Each such name is an alias of the one id; `resolveAnchor` finds the id.
 */
import GithubSlugger from 'github-slugger';

/** A heading as the page gives it: its id and its text. */
export interface HeadingAnchor {
  id: string;
  text: string;
}

/** Alias (in `aliasKey` form) -> the id it names. Only names that are not themselves an id of the page. */
export type AnchorAliases = Record<string, string>;

/**
 * The aliases of `headings` (in page order). `title`, the page's H1 that GitBook strips, counts for GitHub's
 * duplicate suffixes as it does on GitHub (`# Setup` then `## Setup` is `#setup-1`). An alias two headings share
 * names the first; an alias never shadows an id of the page (`ids`: every id, headings' and others').
 */
export function headingAliases(headings: readonly HeadingAnchor[], options: { title?: string; ids?: Iterable<string> } = {}): AnchorAliases {
  const github = new GithubSlugger();
  if (options.title !== undefined) github.slug(options.title);
  const ids = new Set([...headings.map((h) => h.id), ...(options.ids ?? [])]);
  const aliases: AnchorAliases = {};
  const add = (alias: string, id: string) => {
    const key = aliasKey(alias);
    if (key !== '' && !ids.has(key) && !Object.hasOwn(aliases, key)) aliases[key] = id;
  };
  // The ids themselves first, in any case (`#Setup` for `setup`), then the other names of each heading.
  for (const id of ids) add(id, id);
  for (const { id, text } of headings) {
    add(github.slug(text), id);
    add(legacyGitbookId(text), id);
    add(text, id);
  }
  return aliases;
}

/** The form aliases are kept and looked up in: percent-decoded, spaces collapsed, lower case. */
export function aliasKey(anchor: string): string {
  return safeDecode(anchor).trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The id `anchor` (as written after `#`) lands on: itself or its decoded form when the page has that id, else the
 * id it is an alias of (`resolveAlias`), else null.
 */
export function resolveAnchor(anchor: string, ids: ReadonlySet<string>, aliases: AnchorAliases | undefined): string | null {
  if (ids.has(anchor)) return anchor;
  const decoded = safeDecode(anchor);
  return ids.has(decoded) ? decoded : resolveAlias(anchor, ids, aliases);
}

/** The id `anchor` names when it is not itself an id of the page (even decoded) but an alias of one: in any case. */
export function resolveAlias(anchor: string, ids: ReadonlySet<string>, aliases: AnchorAliases | undefined): string | null {
  if (ids.has(anchor) || ids.has(safeDecode(anchor))) return null;
  const key = aliasKey(anchor);
  if (ids.has(key)) return key;
  return aliases && Object.hasOwn(aliases, key) ? aliases[key]! : null;
}

/** Characters legacy GitBook (github-slugid, also HonKit's) drops from a heading id. */
const LEGACY_DROPPED = /[[\]!"'#$%&()*+,./:;<=>?@\\^_`{|}~©∑®†“”‘’∂ƒ™℠…œŒ˚ºª•∆∞♥]+/g;

/**
 * Legacy GitBook's heading id (the `github-slugid` rule): punctuation dropped, each space a `-`, runs of `-` made
 * one, lower case, no leading `-`. `Release 4.9` -> `release-49`, `The Command Bus - Local` -> `the-command-bus-local`.
 */
export function legacyGitbookId(text: string): string {
  return text.replace(LEGACY_DROPPED, '').replace(/ /g, '-').replace(/-{2,}/g, '-').toLowerCase().replace(/^-/, '');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
