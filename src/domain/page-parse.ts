// One page blob -> what the importer and the API need from it. Pure CPU work: runs in the parse workers.
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
  try {
    const page = parsePageFile(text);
    warnings.push(...page.warnings.map((w) => `${job.path}: ${w}`));
    const options = { spaceRoot: job.spaceRoot };
    const links = [...frontmatterLinks(page.frontmatter.data, job.path, options), ...extractLinks(page.body, job.path, options)];
    const data: ParsedPageData = { h1: page.title, frontmatter: page.frontmatter.data, links, warnings, ...base };
    return { oid: job.oid, data, sections: searchSections(page.body, page.title ?? '') };
  } catch (error) {
    warnings.push(`${job.path}: could not be parsed (${(error as Error).message})`);
    return { oid: job.oid, data: { h1: null, frontmatter: {}, links: [], warnings, ...base }, sections: [] };
  }
}
