// Writes SUMMARY.md the way GitBook exports it: `# Table of contents`, `* ` bullets, 2-space nesting, one blank line
// between blocks (the title, each list, each `##` group heading, and `***` before ungrouped items after a group).
import { stringify as stringifyYaml } from 'yaml';
import type { SummaryComputed, SummaryEntry, SummaryItem } from './types.js';

export function serializeSummary(items: SummaryItem[]): string {
  const blocks = ['# Table of contents'];
  let run: SummaryEntry[] = [];
  let afterGroup = false;
  const flush = () => {
    if (run.length === 0) return;
    if (afterGroup) blocks.push('***');
    blocks.push(list(run, 0));
    run = [];
  };
  for (const item of items) {
    if (item.kind !== 'group') {
      run.push(item);
      continue;
    }
    flush();
    afterGroup = true;
    const anchor = item.slug ? ` <a href="#${item.slug}" id="${item.slug}"></a>` : '';
    blocks.push(`## ${escapeText(item.title)}${anchor}`);
    if (item.children.length > 0) blocks.push(list(item.children, 0));
  }
  flush();
  return `${blocks.join('\n\n')}\n`;
}

function list(entries: SummaryEntry[], depth: number): string {
  return entries.map((entry) => [line(entry, depth), ...entry.children.map((c) => list([c], depth + 1))].join('\n')).join('\n');
}

function line(entry: SummaryEntry, depth: number): string {
  const indent = '  '.repeat(depth);
  if (entry.kind === 'computed') return `${indent}* ${fence(entry, `${indent}  `)}`;
  const href =
    entry.kind === 'page'
      ? encodePath(entry.path)
      : 'url' in entry.target
        ? entry.target.url
        : entry.target.anchor === undefined
          ? encodePath(entry.target.path)
          : `${encodePath(entry.target.path)}#${entry.target.anchor}`;
  const title = entry.linkTitle ? ` "${entry.linkTitle.replace(/["\\]/g, '\\$&')}"` : '';
  return `${indent}* [${escapeText(entry.title)}](${destination(href)}${title})`;
}

/** The YAML fence of a computed item, its body indented to the bullet's content column. */
function fence(entry: SummaryComputed, indent: string): string {
  const raw = entry.raw !== '' ? entry.raw : defaultYaml(entry);
  const body = raw.split('\n').map((l) => (l === '' ? '' : `${indent}${l}`));
  return ['```yaml', ...body, `${indent}\`\`\``].join('\n');
}

function defaultYaml(entry: SummaryComputed): string {
  const data: Record<string, unknown> = {};
  if (entry.title !== undefined) data.title = entry.title;
  data.props = entry.props;
  data.type = entry.source;
  data.dependencies = entry.dependencies;
  return stringifyYaml(data).trimEnd();
}

/** Only what would change the meaning of a path in a link: `%` and `#`. */
function encodePath(path: string): string {
  return path.replace(/%/g, '%25').replace(/#/g, '%23');
}

function escapeText(text: string): string {
  return text.replace(/[\\[\]]/g, '\\$&');
}

/** Plain destination, or `<...>` when it holds spaces, parentheses or angle brackets. */
function destination(href: string): string {
  return /[\s()<>]/.test(href) ? `<${href.replace(/[<>]/g, '\\$&')}>` : href;
}
