// One page blob -> what the importer and the API need from it. Pure CPU work: runs in the parse workers.
import { readMarkdown } from '../content/markdown/index.js';
import { parsePageFile } from '../content/page-file.js';
import { extractLinks, frontmatterLinks } from '../content/links.js';
import { searchSections } from '../content/search-text.js';
import type { ParsedPageData } from './parsed-page.js';
import type { SearchSectionInput } from '../store/index.js';

export interface ParseJob {
  oid: string;
  /** Repository path of the page file (links are resolved against it). */
  path: string;
  /** The space's content root (a leading `/` in a link is resolved against it). */
  spaceRoot: string;
  bytes: Uint8Array;
}

export interface ParsedBlob {
  oid: string;
  data: ParsedPageData;
  sections: SearchSectionInput[];
  /** The parsed body as JSON (positions left out), for the site build: see `rememberBody`. */
  body?: string;
}

/**
 * Parsed page bodies by blob oid, kept from a sync for a build in the same process so a page is parsed once.
 * JSON strings: compact, cheap to post from a worker, and each `takeBodyJson` gives a fresh tree to mutate.
 */
const bodies = new Map<string, string>();
let bodyChars = 0;
const BODY_CHAR_LIMIT = 64 * 1024 * 1024;

export function rememberBody(oid: string, json: string): void {
  if (bodies.has(oid)) return;
  bodies.set(oid, json);
  bodyChars += json.length;
  for (const [old, text] of bodies) {
    if (bodyChars <= BODY_CHAR_LIMIT) break;
    bodies.delete(old);
    bodyChars -= text.length;
  }
}

/**
 * The body of page blob `oid` parsed by an earlier sync (`parsePageFile(text).body` without positions, as JSON), once.
 */
export function takeBodyJson(oid: string): string | undefined {
  const json = bodies.get(oid);
  if (json === undefined) return undefined;
  bodies.delete(oid);
  bodyChars -= json.length;
  return json;
}

const withoutPositions = (key: string, value: unknown) => (key === 'position' ? undefined : value);

/** Git's own heuristic: a NUL byte in the first 8000 bytes means binary. */
const looksBinary = (bytes: Uint8Array) => bytes.subarray(0, 8000).includes(0);

export function parsePage(job: ParseJob): ParsedBlob {
  const base = { path: job.path, spaceRoot: job.spaceRoot };
  if (looksBinary(job.bytes)) {
    const data = { h1: null, frontmatter: {}, links: [], warnings: [`${job.path}: binary content, not markdown; the page is left empty`], ...base };
    return { oid: job.oid, data, sections: [] };
  }
  const warnings: string[] = [];
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(job.bytes);
  } catch {
    warnings.push(`${job.path}: not valid UTF-8; invalid bytes replaced`);
    text = new TextDecoder('utf-8').decode(job.bytes);
  }
  try {
    const page = parsePageFile(text, { parse: readMarkdown });
    warnings.push(...page.warnings.map((w) => `${job.path}: ${w}`));
    const options = { spaceRoot: job.spaceRoot };
    const links = [...frontmatterLinks(page.frontmatter.data, job.path, options), ...extractLinks(page.body, job.path, options)];
    const data: ParsedPageData = { h1: page.title, frontmatter: page.frontmatter.data, links, warnings, ...base };
    const sections = searchSections(page.body, page.title ?? '');
    return { oid: job.oid, data, sections, body: JSON.stringify(page.body, withoutPositions) };
  } catch (error) {
    warnings.push(`${job.path}: could not be parsed (${(error as Error).message})`);
    return { oid: job.oid, data: { h1: null, frontmatter: {}, links: [], warnings, ...base }, sections: [] };
  }
}
