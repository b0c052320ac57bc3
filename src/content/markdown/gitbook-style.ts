/** Writer rules where GitBook differs from mdast-util-to-markdown's defaults. */
import type { Heading, ListItem } from 'mdast';
import { defaultHandlers, type Handle, type Join, type Unsafe } from 'mdast-util-to-markdown';
import { headingAnchorHtml } from '../blocks/heading-anchor.js';
import { image, link, verbatimDestination } from './destinations.js';
import { text } from './math-trailing-space.js';

const heading: Handle = (node: Heading, parent, state, info) => {
  const text = defaultHandlers.heading(node, parent, state, info);
  if (node.id === undefined) return text;
  // The anchor follows the text, so a trailing space is no longer at the end of the line.
  return `${text.replace(/&#x20;$/, ' ')} ${headingAnchorHtml(node.id)}`;
};

declare module 'mdast-util-to-markdown' {
  interface ConstructNameMap {
    /** Content GitBook writes verbatim (OpenAPI block bodies): no underscore escaping. */
    gitbookVerbatim: 'gitbookVerbatim';
  }
}

const NO_UNDERSCORE_ESCAPE = ['autolink', 'destinationLiteral', 'destinationRaw', 'gitbookVerbatim'] as const;

/**
 * GitBook escapes every `_` in text, where mdast-util-to-markdown leaves intraword underscores bare, and
 * escapes Liquid delimiters (`\{%`, `%\}`) so text never reads as a tag. It writes URLs as they are.
 * The root handler wraps `safe` once per call.
 */
const root: Handle = (node, parent, state, info) => {
  const safe = state.safe;
  state.safe = (input, config) => {
    const stack = state.stack;
    if (stack[stack.length - 1] === 'destinationRaw' && input && verbatimDestination(input)) return input;
    const out = safe.call(state, input, config);
    if (NO_UNDERSCORE_ESCAPE.some((name) => stack.includes(name))) return out;
    const escaped = out.replace(UNESCAPED_UNDERSCORE, '\\_');
    return escaped.includes('%') ? escaped.replace(LIQUID_OPEN, '\\{%').replace(LIQUID_CLOSE, '%\\}') : escaped;
  };
  return defaultHandlers.root(node, parent, state, info);
};

const UNESCAPED_UNDERSCORE = /(?<!\\)_/g;
const LIQUID_OPEN = /(?<!\\)\{%/g;
const LIQUID_CLOSE = /%\}/g;

/**
 * List items: content indented by the marker width plus one (`* x`, `1. x`), but an item whose own
 * children are separated by blank lines is indented to the next multiple of 4 (`1.  x`, `*   x`).
 */
const listItem: Handle = (node: ListItem, parent, state, info) => {
  let bullet = state.bulletCurrent ?? state.options.bullet ?? '*';
  if (parent?.type === 'list' && parent.ordered) {
    bullet = `${(typeof parent.start === 'number' && parent.start > -1 ? parent.start : 1) + parent.children.indexOf(node)}${bullet}`;
  }
  const size = node.spread ? Math.ceil((bullet.length + 1) / 4) * 4 : bullet.length + 1;
  const tracker = state.createTracker(info);
  tracker.move(bullet + ' '.repeat(size - bullet.length));
  tracker.shift(size);
  const exit = state.enter('listItem');
  const value = state.indentLines(state.containerFlow(node, tracker.current()), (line, index, blank) =>
    index ? (blank ? '' : ' '.repeat(size)) + line : (blank ? bullet : bullet + ' '.repeat(size - bullet.length)) + line,
  );
  exit();
  return value;
};

export const gitbookHandlers: Record<string, Handle> = { root, heading, listItem, link, image, text };

export const gitbookJoin: Join[] = [];

export const gitbookUnsafe: Unsafe[] = [];
