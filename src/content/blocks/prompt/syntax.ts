/** `{% prompt description="…" [icon] [openInAIProviders] [defaultExpanded] %}` fence `{% endprompt %}` */
import type { BlockContent, Parent } from 'mdast';
import { attr, boolAttr, endTag, extraAttributes, formatTag } from '../attributes.js';
import { wrapFlow, type BlockModule } from '../spec.js';

export interface Prompt extends Parent {
  type: 'prompt';
  description: string;
  icon?: string;
  openInAIProviders?: boolean;
  defaultExpanded?: string;
  extraAttributes?: Array<[string, string]>;
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    prompt: Prompt;
  }
  interface BlockContentMap {
    prompt: Prompt;
  }
}

const KNOWN = ['description', 'icon', 'openInAIProviders', 'defaultExpanded'];

export const prompt: BlockModule = {
  specs: [
    {
      tag: 'prompt',
      end: 'required',
      build(tag, children) {
        if (!children) return undefined;
        const node: Prompt = { type: 'prompt', description: attr(tag, 'description') ?? '', children: children as BlockContent[] };
        const icon = attr(tag, 'icon');
        if (icon !== undefined) node.icon = icon;
        const open = boolAttr(tag, 'openInAIProviders');
        if (open !== undefined) node.openInAIProviders = open;
        else if (attr(tag, 'openInAIProviders') !== undefined) return undefined;
        const expanded = attr(tag, 'defaultExpanded');
        if (expanded !== undefined) node.defaultExpanded = expanded;
        const extra = extraAttributes(tag, KNOWN);
        if (extra) node.extraAttributes = extra;
        return node;
      },
    },
  ],
  handlers: {
    prompt(node: Prompt, _p, state, info) {
      const open = formatTag(
        'prompt',
        [
          ['description', node.description],
          ['icon', node.icon],
          ['openInAIProviders', node.openInAIProviders],
          ['defaultExpanded', node.defaultExpanded],
        ],
        node.extraAttributes,
      );
      return wrapFlow(open, endTag('prompt'), node, state, info);
    },
  },
};
