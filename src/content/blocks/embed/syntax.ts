/** `{% embed url="…" [fullWidth="false"] %}`, optionally with a caption and `{% endembed %}`. */
import type { BlockContent, Parent } from 'mdast';
import { attr, boolAttr, endTag, extraAttributes, formatTag } from '../attributes.js';
import { wrapOptional, type BlockModule, type OptionalEndTag } from '../spec.js';

export interface Embed extends Parent, OptionalEndTag {
  type: 'embed';
  url: string;
  fullWidth?: boolean;
  /** Legacy exports put the caption in a `caption="…"` attribute. */
  captionAttribute?: string;
  extraAttributes?: Array<[string, string]>;
  /** The caption, when written between the tag and `{% endembed %}`. */
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    embed: Embed;
  }
  interface BlockContentMap {
    embed: Embed;
  }
}

export const embed: BlockModule = {
  specs: [
    {
      tag: 'embed',
      end: 'optional',
      build(tag, children) {
        const url = attr(tag, 'url');
        if (url === undefined) return undefined;
        const node: Embed = { type: 'embed', url, children: (children ?? []) as BlockContent[] };
        const fullWidth = boolAttr(tag, 'fullWidth');
        if (fullWidth !== undefined) node.fullWidth = fullWidth;
        const caption = attr(tag, 'caption');
        if (caption !== undefined) node.captionAttribute = caption;
        const extra = extraAttributes(tag, ['url', 'fullWidth', 'caption']);
        if (extra) node.extraAttributes = extra;
        return node;
      },
    },
  ],
  handlers: {
    embed(node: Embed, _parent, state, info) {
      const open = formatTag(
        'embed',
        [
          ['url', node.url],
          ['fullWidth', node.fullWidth],
          ['caption', node.captionAttribute],
        ],
        node.extraAttributes,
      );
      return wrapOptional(open, endTag('embed'), node, state, info);
    },
  },
};
