/**
 * Link and image destinations. GitBook writes a URL as it is, with no escaping (`?a=1&b=2`, not
 * `?a=1\&b=2`), so what it stored with a backslash (`from=website\_menu`) is also written with one.
 * The parser decodes escapes as CommonMark says (the URL is `from=website_menu`); the text as written is
 * kept beside it, and written back while the URL is unchanged.
 */
import type { Image, Link } from 'mdast';
import type { CompileContext, Extension as FromMarkdownExtension, Token } from 'mdast-util-from-markdown';
import { defaultHandlers, type Handle } from 'mdast-util-to-markdown';

interface SourceDestination {
  /** The destination as written in the file. */
  text: string;
  /** The URL it was read as. */
  url: string;
}

declare module 'mdast' {
  interface LinkData {
    sourceDestination?: SourceDestination;
  }
  interface ImageData {
    sourceDestination?: SourceDestination;
  }
}

/** Replaces mdast-util-from-markdown's own handler, doing what it does and keeping the written text. */
export const destinationFromMarkdown: FromMarkdownExtension = {
  exit: {
    resourceDestinationString(this: CompileContext, token: Token) {
      const url = this.resume();
      const node = this.stack[this.stack.length - 1] as Link | Image;
      node.url = url;
      const text = this.sliceSerialize(token);
      if (text !== url) node.data = { ...node.data, sourceDestination: { text, url } };
    },
  },
};

function balancedParentheses(url: string): boolean {
  let depth = 0;
  for (const char of url) {
    if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** Whether the writer may put `url` in `(…)` as it is (the caller already checked for whitespace). */
export function verbatimDestination(url: string): boolean {
  return !url.startsWith('<') && !url.endsWith('\\') && balancedParentheses(url);
}

/**
 * The destination as written, where the writer puts it in `(…)` as it is. One it writes in `<…>` (it holds a space
 * or a control character) is escaped by the writer: from the URL, or a `\_` would come back as `\\_`, one more
 * backslash on every write.
 */
function withSourceDestination<T extends Link | Image>(node: T): T {
  const source = node.data?.sourceDestination;
  const raw = source && source.url === node.url && !LITERAL.test(source.text) && verbatimDestination(source.text);
  return raw ? { ...node, url: source.text } : node;
}

/** What makes mdast-util-to-markdown write a destination in `<…>`. */
const LITERAL = /[\0- \u007F]/;

export const link: Handle = (node: Link, parent, state, info) => defaultHandlers.link(withSourceDestination(node), parent, state, info);
export const image: Handle = (node: Image, parent, state, info) => defaultHandlers.image(withSourceDestination(node), parent, state, info);
