/** Inline icon: `<i class="fa-github">:github:</i>`. */
import type { Node } from 'mdast';
import type { BlockModule } from '../spec.js';
import { htmlAttr } from '../html.js';
import { onlyText, type InlineHtmlSpec } from '../inline-spec.js';

export interface Icon extends Node {
  type: 'icon';
  /** Font Awesome name without `fa-`. */
  icon: string;
}

declare module 'mdast' {
  interface RootContentMap {
    icon: Icon;
  }
  interface PhrasingContentMap {
    icon: Icon;
  }
}

export const iconSpecs: InlineHtmlSpec[] = [
  {
    element: 'i',
    build(attributes, children) {
      const name = /^fa-(.+)$/.exec(htmlAttr(attributes, 'class') ?? '')?.[1];
      return name !== undefined && attributes.length === 1 && onlyText(children) === `:${name}:` ? { type: 'icon', icon: name } : undefined;
    },
    openTag: (node) => `<i class="fa-${(node as Icon).icon}">`,
  },
];

export const icons: BlockModule = {
  specs: [],
  handlers: {
    icon: (node: Icon) => `<i class="fa-${node.icon}">:${node.icon}:</i>`,
  },
};
