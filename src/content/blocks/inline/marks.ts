/** Coloured text: `<mark style="color:orange;background-color:purple;">…</mark>`. */
import type { Parent, PhrasingContent } from 'mdast';
import type { BlockModule } from '../spec.js';
import { htmlAttr } from '../html.js';
import type { InlineHtmlSpec } from '../inline-spec.js';

export interface Mark extends Parent {
  type: 'mark';
  /** A colour name or theme token (`$primary`). */
  color?: string;
  background?: string;
  children: PhrasingContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    mark: Mark;
  }
  interface PhrasingContentMap {
    mark: Mark;
  }
}

export function markOpenTag(node: Mark): string {
  const color = node.color !== undefined ? `color:${node.color};` : '';
  const background = node.background !== undefined ? `background-color:${node.background};` : '';
  return `<mark style="${color}${background}">`;
}

export const markSpecs: InlineHtmlSpec[] = [
  {
    element: 'mark',
    build(attributes, children) {
      const match = /^(?:color:([^;]+);)?(?:background-color:([^;]+);)?$/.exec(htmlAttr(attributes, 'style') ?? '');
      if (!match || attributes.length !== 1 || (match[1] === undefined && match[2] === undefined)) return undefined;
      const node: Mark = { type: 'mark', children };
      if (match[1] !== undefined) node.color = match[1];
      if (match[2] !== undefined) node.background = match[2];
      return node;
    },
    openTag: (node) => markOpenTag(node as Mark),
  },
];

export const marks: BlockModule = {
  specs: [],
  handlers: {
    mark: (node: Mark, _p, state, info) => `${markOpenTag(node)}${state.containerPhrasing(node, info)}</mark>`,
  },
};
