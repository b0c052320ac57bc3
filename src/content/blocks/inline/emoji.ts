/** Emoji in HTML contexts: `<span data-gb-custom-inline data-tag="emoji" data-code="2728">✨</span>`. */
import type { Literal } from 'mdast';
import type { BlockModule } from '../spec.js';
import { htmlAttr } from '../html.js';
import { onlyText, type InlineHtmlSpec } from '../inline-spec.js';

export interface Emoji extends Literal {
  type: 'emoji';
  /** Hex code point(s), e.g. `2728`. */
  code: string;
  /** The emoji character(s) as written. */
  value: string;
}

declare module 'mdast' {
  interface RootContentMap {
    emoji: Emoji;
  }
  interface PhrasingContentMap {
    emoji: Emoji;
  }
}

const openTag = (code: string) => `<span data-gb-custom-inline data-tag="emoji" data-code="${code}">`;

export const emojiSpecs: InlineHtmlSpec[] = [
  {
    element: 'span',
    build(attributes, children) {
      const value = onlyText(children);
      const code = htmlAttr(attributes, 'data-code');
      if (value === undefined || code === undefined || htmlAttr(attributes, 'data-tag') !== 'emoji') return undefined;
      return { type: 'emoji', code, value };
    },
    openTag: (node) => openTag((node as Emoji).code),
  },
];

export const emoji: BlockModule = {
  specs: [],
  handlers: {
    emoji: (node: Emoji) => `${openTag(node.code)}${node.value}</span>`,
  },
};
