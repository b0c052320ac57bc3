// Plain text of a page for search, split into sections by heading. Code and GitBook block contents (hint bodies,
// tab titles, expandable summaries, captions, cards) are included; markup, link targets and derived bodies are not.
import type { Root } from 'mdast';
import { decodeEntities } from './blocks/html.js';
import { HeadingSlugger, type HeadingIdStyle } from './slug.js';

export interface Section {
  /** Heading id (explicit `<a id>` or GitHub-style slug); null for the page intro. */
  anchor: string | null;
  heading: string;
  text: string;
}

interface AnyNode {
  type: string;
  children?: AnyNode[];
  [key: string]: unknown;
}

/** Parents whose children are inline: their text is concatenated without separators. */
const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'mark', 'button']);
/** Nodes with no searchable text of their own: derived bodies, references, tags. */
export const NOT_SEARCHED: ReadonlySet<string> = new Set([
  'contentRef',
  'pageRef',
  'openapi',
  'openapiOperation',
  'openapiSchemas',
  'liquidTag',
  'include',
  'definition',
  'icon',
  'image',
  'imageReference',
  'yaml',
]);
/** Text that block nodes hold in fields rather than children. */
const TEXT_FIELDS: Record<string, readonly string[]> = {
  tab: ['title'],
  expandable: ['summary'],
  prompt: ['description'],
  embed: ['captionAttribute'],
};
const EXPLICIT_ANCHOR = /<a\s[^>]*\bid=(["'])(.*?)\1[^>]*>\s*(?:<\/a>)?/i;

export function searchSections(root: Root, title: string, options: { headingIds?: HeadingIdStyle } = {}): Section[] {
  const slugger = new HeadingSlugger(options.headingIds);
  walkHeadings(root as unknown as AnyNode, (heading) => {
    const id = explicitId(heading);
    if (id) slugger.reserve(id);
  });

  const sections: Section[] = [];
  let current: Omit<Section, 'text'> & { lines: string[] } = { anchor: null, heading: title, lines: [] };
  const close = () => sections.push({ anchor: current.anchor, heading: current.heading, text: current.lines.join('\n').trim() });
  const emit = (text: string) => {
    const trimmed = text.trim();
    if (trimmed !== '') current.lines.push(trimmed);
  };

  const visit = (node: AnyNode) => {
    if (NOT_SEARCHED.has(node.type)) return;
    if (node.type === 'heading') {
      close();
      const heading = inlineText(node).trim();
      current = { anchor: slugger.id(heading, explicitId(node)), heading, lines: [] };
      return;
    }
    if (PHRASING_PARENTS.has(node.type) || node.type === 'table' || !node.children) {
      emit(blockText(node));
      return;
    }
    for (const field of TEXT_FIELDS[node.type] ?? []) {
      const value = node[field];
      if (typeof value === 'string') emit(stripHtml(value));
    }
    node.children.forEach(visit);
  };
  const [first, ...rest] = (root as unknown as AnyNode).children ?? [];
  // A leading H1 is the page's own title, already the intro's heading.
  if (first && !(first.type === 'heading' && first.depth === 1)) visit(first);
  rest.forEach(visit);
  close();
  return sections;
}

/**
 * Whether `searchSections(body, title)` of a body from `parsePageFile` gives the sections of the body as it reads
 * under any page title (`bodyUnderTitle`) once the intro takes that title (`underTitle`): it does unless the stripped
 * title heading has an explicit id, which is reserved when the heading comes back.
 */
export function sectionsHoldUnderAnyTitle(body: Root): boolean {
  const heading = body.data?.titleHeading;
  return !heading || explicitId(heading as unknown as AnyNode) === undefined;
}

/** Sections with the intro under the page's title (the first section is always the intro). */
export function underTitle(sections: readonly Section[], title: string): Section[] {
  const [intro, ...rest] = sections;
  return intro ? [{ ...intro, heading: title }, ...rest] : [];
}

function walkHeadings(node: AnyNode, fn: (heading: AnyNode) => void): void {
  if (node.type === 'heading') fn(node);
  for (const child of node.children ?? []) walkHeadings(child, fn);
}

/** The heading's stored id: the engine's `id` field, or a `<a id>` HTML child in plain mdast. */
function explicitId(heading: AnyNode): string | undefined {
  if (typeof heading.id === 'string' && heading.id !== '') return heading.id;
  for (const child of heading.children ?? []) {
    const match = child.type === 'html' && typeof child.value === 'string' ? EXPLICIT_ANCHOR.exec(child.value) : null;
    if (match?.[2]) return match[2];
  }
  return undefined;
}

/** Text of a leaf or inline-content node. */
function blockText(node: AnyNode): string {
  switch (node.type) {
    case 'table':
      return (node.children ?? []).map((row) => (row.children ?? []).map(inlineText).join(' ')).join('\n');
    case 'figure':
      return stripHtml(typeof node.caption === 'string' ? node.caption : '');
    case 'cards':
    case 'html':
      return stripHtml(String(node.value ?? ''));
    default:
      return inlineText(node);
  }
}

function inlineText(node: AnyNode): string {
  if (NOT_SEARCHED.has(node.type)) return '';
  if (node.type === 'html') return stripHtml(String(node.value ?? ''));
  if (node.type === 'break') return '\n';
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(inlineText).join('');
}

function stripHtml(html: string): string {
  return decodeEntities(html.replace(/<\/(p|div|td|th|tr|li|h\d)>|<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, ''))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n');
}
