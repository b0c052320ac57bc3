/**
 * YAML frontmatter: split it from the page text keeping its exact text, so an unchanged frontmatter is
 * written back byte for byte, and write new frontmatter, the way GitBook does, when the data changed.
 */
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { frontmatterYaml } from './markdown/frontmatter-yaml.js';

export interface Frontmatter {
  data: Record<string, unknown>;
  /** The block as written, from the opening `---` through the closing `---` line and its newline; null when absent. */
  raw: string | null;
}

export interface SplitFrontmatter {
  frontmatter: Frontmatter;
  body: string;
  warnings: string[];
}

const BLOCK = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** The text after the frontmatter block, without reading its YAML. */
export function withoutFrontmatter(text: string): string {
  return text.slice(BLOCK.exec(text)?.[0].length ?? 0);
}

export function splitFrontmatter(text: string): SplitFrontmatter {
  const match = BLOCK.exec(text);
  if (!match) return { frontmatter: { data: {}, raw: null }, body: text, warnings: [] };
  const raw = match[0];
  const warnings: string[] = [];
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = parseYaml(match[1] ?? '');
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
    else if (parsed !== null && parsed !== undefined) warnings.push('frontmatter is not a mapping; ignored');
  } catch (error) {
    warnings.push(`invalid frontmatter YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  return { frontmatter: { data, raw }, body: text.slice(raw.length), warnings };
}

/** The data a raw block stands for, or null if it does not parse. */
function dataOf(raw: string): unknown {
  try {
    return splitFrontmatter(raw).frontmatter.data;
  } catch {
    return null;
  }
}

/** Whether the data is still what the stored text says, so the text can be written as it was. */
export function frontmatterUnchanged(frontmatter: Frontmatter): boolean {
  const { data, raw } = frontmatter;
  return raw === null ? Object.keys(data).length === 0 : isDeepStrictEqual(dataOf(raw), data);
}

/** The frontmatter text to write: the stored text when the data is unchanged, else new YAML ('' for no data). */
export function frontmatterText(frontmatter: Frontmatter): string {
  if (frontmatter.raw !== null && frontmatterUnchanged(frontmatter)) return frontmatter.raw;
  const yaml = frontmatterYaml(frontmatter.data);
  return yaml ? `---\n${yaml}---\n` : '';
}
