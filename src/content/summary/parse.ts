// Parsed with mdast (CommonMark) rather than lines: it gets bullets, any indent unit, escapes, <dest> and fences right.
// The usual summary is read by a fast reader giving the same tree (./tree.ts); anything else by micromark.
import type { Code, Heading, Link, List, ListItem, Paragraph, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { parse as parseYaml } from 'yaml';
import { summaryTree } from './tree.js';
import { decodePath, extname, isAbsoluteUrl, joinPath, normalizePath, relativeFromDir, splitAnchor } from '../paths.js';
import type { ParseSummaryOptions, SummaryComputed, SummaryEntry, SummaryGroup, SummaryItem, SummaryResult } from './types.js';

const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const GROUP_ANCHOR = /<a\s[^>]*\bid=(["'])(.*?)\1[^>]*>\s*<\/a>/i;

/** Parse a SUMMARY.md. Never throws: anything it cannot place becomes a warning. */
export function parseSummary(text: string, options: ParseSummaryOptions = {}): SummaryResult {
  return new SummaryParser(text, normalizePath(options.base ?? '') ?? '').parse();
}

/** `parseSummary` always reading with micromark (for tests of the fast reader). */
export function parseSummaryCommonMark(text: string, options: ParseSummaryOptions = {}): SummaryResult {
  return new SummaryParser(text, normalizePath(options.base ?? '') ?? '', fromMarkdown(text)).parse();
}

class SummaryParser {
  private readonly warnings: string[] = [];
  private readonly seenPaths = new Set<string>();

  constructor(
    private readonly text: string,
    private readonly base: string,
    private readonly tree?: Root,
  ) {}

  parse(): SummaryResult {
    const items: SummaryItem[] = [];
    let group: SummaryGroup | null = null;
    for (const node of (this.tree ?? summaryTree(this.text) ?? fromMarkdown(this.text)).children) {
      if (node.type === 'heading') {
        if (node.depth === 1) continue;
        if (node.depth > 2) this.warn(node, `level-${node.depth} heading read as a page group`);
        group = this.group(node);
        items.push(group);
      } else if (node.type === 'thematicBreak') {
        group = null;
      } else if (node.type === 'list') {
        const entries = this.list(node);
        if (group) group.children.push(...entries);
        else items.push(...entries);
      } else if (node.type !== 'definition' && node.type !== 'html') {
        this.warn(node, `ignored ${node.type} outside the page list`);
      }
    }
    return { items, warnings: this.warnings };
  }

  private group(node: Heading): SummaryGroup {
    const source = this.slice(node.children[0], node.children[node.children.length - 1]);
    const anchor = GROUP_ANCHOR.exec(source);
    const title = unescape(source.replace(GROUP_ANCHOR, '')).trim();
    return anchor?.[2] ? { kind: 'group', title, slug: anchor[2], children: [] } : { kind: 'group', title, children: [] };
  }

  private list(list: List): SummaryEntry[] {
    return list.children.flatMap((item) => this.listItem(item));
  }

  /** One bullet; returns its children in its place when the bullet itself cannot be kept. */
  private listItem(item: ListItem): SummaryEntry[] {
    const [head, ...rest] = item.children;
    const children: SummaryEntry[] = [];
    for (const node of rest) {
      if (node.type === 'list') children.push(...this.list(node));
      else this.warn(node, `ignored ${node.type} inside a page item`);
    }
    const entry =
      head?.type === 'paragraph'
        ? this.linkEntry(head, children)
        : head?.type === 'code'
          ? this.computed(head, children)
          : head?.type === 'list'
            ? (children.unshift(...this.list(head)), null)
            : null;
    if (entry === null && head && !['paragraph', 'code', 'list'].includes(head.type)) this.warn(head, `${head.type} is not a page item`);
    return entry ? [entry] : children;
  }

  private linkEntry(paragraph: Paragraph, children: SummaryEntry[]): SummaryEntry | null {
    const parsed = this.findLink(paragraph);
    if (!parsed) {
      const source = this.slice(paragraph.children[0], paragraph.children[paragraph.children.length - 1]).trim();
      this.warn(
        paragraph,
        `page item "${source.length > 80 ? `${source.slice(0, 80)}…` : source}" is not a link like [Title](page.md); left out, its children moved up`,
      );
      return null;
    }
    const { title, url, linkTitle } = parsed;
    const titled = linkTitle ? { linkTitle } : {};
    if (isAbsoluteUrl(url)) return { kind: 'link', title, target: { url }, ...titled, children };

    const { path: rawPath, anchor } = splitAnchor(url);
    const decoded = decodePath(rawPath);
    if (decoded === '' && anchor === undefined) {
      this.warn(paragraph, `page item "${title}" has no link target; item dropped`);
      return null;
    }
    const repoPath = joinPath(this.base, decoded);
    if (repoPath === null) {
      this.warn(paragraph, `"${url}" resolves outside the repository; item dropped`);
      return null;
    }
    let path = relativeFromDir(this.base, repoPath);
    if (decoded.endsWith('/')) path = joinPath(path, 'README.md') ?? path;
    if (anchor !== undefined || extname(path) !== '.md') {
      const target = anchor === undefined ? { path } : { path, anchor };
      return { kind: 'link', title, target, ...titled, children };
    }
    if (this.seenPaths.has(path)) {
      this.warn(paragraph, `duplicate page "${path}" dropped (a file can appear once)`);
      return null;
    }
    this.seenPaths.add(path);
    return { kind: 'page', title, path, ...titled, children };
  }

  /** The item's link, or a lenient reading of `[title](dest)` whose destination CommonMark refused (spaces). */
  private findLink(paragraph: Paragraph): { title: string; url: string; linkTitle?: string } | null {
    const link = paragraph.children.find((child): child is Link => child.type === 'link');
    if (link) {
      const title = unescape(this.slice(link.children[0], link.children[link.children.length - 1]));
      const linkTitle = link.title ?? undefined;
      return linkTitle ? { title, url: link.url, linkTitle } : { title, url: link.url };
    }
    const source = this.slice(paragraph.children[0], paragraph.children[paragraph.children.length - 1]).trim();
    const loose = /^\[((?:\\.|[^\]\\])*)\]\(\s*(.*?)(?:\s+"((?:\\.|[^"\\])*)")?\s*\)$/s.exec(source);
    if (!loose) return null;
    this.warn(paragraph, `link destination "${loose[2]}" is not valid CommonMark; read leniently`);
    const title = unescape(loose[1] ?? '');
    const url = loose[2] ?? '';
    return loose[3] ? { title, url, linkTitle: unescape(loose[3]) } : { title, url };
  }

  private computed(code: Code, children: SummaryEntry[]): SummaryComputed | null {
    let data: unknown;
    try {
      data = parseYaml(code.value);
    } catch (error) {
      this.warn(code, `invalid YAML in a computed item: ${(error as Error).message.split('\n')[0]}`);
      return null;
    }
    if (!isRecord(data) || typeof data.type !== 'string') {
      this.warn(code, 'code block item without a `type:`');
      return null;
    }
    const entry: SummaryComputed = {
      kind: 'computed',
      source: data.type,
      props: isRecord(data.props) ? data.props : {},
      dependencies: isRecord(data.dependencies) ? data.dependencies : {},
      raw: code.value,
      children,
    };
    if (typeof data.title === 'string') entry.title = data.title;
    return entry;
  }

  /** Source text from the start of `first` to the end of `last` ('' when absent). */
  private slice(first: RootContent | undefined, last: RootContent | undefined): string {
    const start = first?.position?.start.offset;
    const end = last?.position?.end.offset;
    return start === undefined || end === undefined ? '' : this.text.slice(start, end);
  }

  private warn(node: { position?: { start: { line: number } } | undefined }, message: string): void {
    const line = node.position?.start.line;
    this.warnings.push(line === undefined ? message : `SUMMARY line ${line}: ${message}`);
  }
}

function unescape(text: string): string {
  return text.replace(ESCAPED, '$1');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
