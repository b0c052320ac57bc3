// One page blob -> what the importer and the API need from it. Pure CPU work: runs in the parse workers.
import { LRUCache } from 'lru-cache';
import { readMarkdown } from './markdown/index.js';
import { markdownLimitProblem } from './limits.js';
import { parsePageFile } from './page-file.js';
import { extractLinks, frontmatterLinks } from './links.js';
import type { Nodes, Root } from 'mdast';
import { searchSections, sectionsHoldUnderAnyTitle } from './search-text.js';
import type { ParsedPageData } from './parsed-page.js';
import { type CodeBlocks, packBody } from './parsed-body.js';
import type { SearchSectionInput } from '../model/index.js';

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
  /** The parsed body, packed for site builds (`packBody`): kept in this process and stored with the parse record. */
  body?: Uint8Array;
}

/**
 * Packed bodies by blob oid, kept from a sync for a build in the same process (a few KB a page: 3.6 on the generated
 * 10,000-page bench site, so it leaves every one of them); a build reads the others from the store.
 */
const bodies = new LRUCache<string, Uint8Array>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (packed) => packed.byteLength || 1 });

export function rememberBody(blob: ParsedBlob): void {
  if (blob.body && !bodies.has(blob.oid)) bodies.set(blob.oid, blob.body);
}

/** The packed body of page blob `oid` parsed by a sync of this process, once. */
export function takeBody(oid: string): Uint8Array | undefined {
  const kept = bodies.get(oid);
  if (kept !== undefined) bodies.delete(oid);
  return kept;
}

const withoutPositions = (key: string, value: unknown) => (key === 'position' ? undefined : value);

/**
 * Whether a site render of the body gives the sections parsed here: it does when there is no reusable content to
 * expand into the page, and the stripped title heading has no id of its own (see `sectionsHoldUnderAnyTitle`).
 */
const renderedSections = (body: Root, json: string) => !json.includes('"type":"include"') && sectionsHoldUnderAnyTitle(body);

function codeBlocks(body: Root): CodeBlocks {
  const blocks: CodeBlocks = [];
  const walk = (node: Nodes) => {
    if (node.type === 'code' && node.lang !== 'mermaid') blocks.push([node.lang ?? null, node.value]);
    else if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(body);
  return blocks;
}

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
  const problem = markdownLimitProblem(text);
  if (problem) {
    warnings.push(`${job.path}: ${problem.message}; the page is kept as written but not parsed (no links, search or rendered body)`);
    return { oid: job.oid, data: { h1: null, frontmatter: {}, links: [], warnings, ...base }, sections: [] };
  }
  try {
    const page = parsePageFile(text, { parse: readMarkdown });
    warnings.push(...page.warnings.map((w) => `${job.path}: ${w}`));
    const options = { spaceRoot: job.spaceRoot };
    const links = [...frontmatterLinks(page.frontmatter.data, job.path, options), ...extractLinks(page.body, job.path, options)];
    const data: ParsedPageData = { h1: page.title, frontmatter: page.frontmatter.data, links, warnings, ...base };
    const sections = searchSections(page.body, page.title ?? '');
    const json = JSON.stringify(page.body, withoutPositions);
    const body = packBody(json, renderedSections(page.body, json) ? sections : null, codeBlocks(page.body));
    return { oid: job.oid, data, sections, body };
  } catch (error) {
    warnings.push(`${job.path}: could not be parsed (${(error as Error).message})`);
    return { oid: job.oid, data: { h1: null, frontmatter: {}, links: [], warnings, ...base }, sections: [] };
  }
}
