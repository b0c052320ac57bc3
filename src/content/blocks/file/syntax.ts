/** `{% file src="../.gitbook/assets/x.pdf" %}`, optionally with a caption and `{% endfile %}`. */
import type { BlockContent, Parent } from 'mdast';
import { attr, endTag, extraAttributes, formatTag } from '../attributes.js';
import { wrapOptional, type BlockModule, type OptionalEndTag } from '../spec.js';

export interface FileBlock extends Parent, OptionalEndTag {
  type: 'file';
  src: string;
  extraAttributes?: Array<[string, string]>;
  /** The caption, when written between the tag and `{% endfile %}`. */
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    file: FileBlock;
  }
  interface BlockContentMap {
    file: FileBlock;
  }
}

export const file: BlockModule = {
  specs: [
    {
      tag: 'file',
      end: 'optional',
      build(tag, children) {
        const src = attr(tag, 'src');
        if (src === undefined) return undefined;
        const node: FileBlock = { type: 'file', src, children: (children ?? []) as BlockContent[] };
        const extra = extraAttributes(tag, ['src']);
        if (extra) node.extraAttributes = extra;
        return node;
      },
    },
  ],
  handlers: {
    file(node: FileBlock, _parent, state, info) {
      const open = formatTag('file', [['src', node.src]], node.extraAttributes);
      return wrapOptional(open, endTag('file'), node, state, info);
    },
  },
};
