/** `{% include "../.gitbook/includes/x.md" %}`: reusable content, a void block. */
import type { Literal } from 'mdast';
import type { BlockModule } from '../spec.js';

export interface Include extends Literal {
  type: 'include';
  /** The path (relative to the including file) or `/reusable-content/<id>`, without quotes. */
  value: string;
}

declare module 'mdast' {
  interface RootContentMap {
    include: Include;
  }
  interface BlockContentMap {
    include: Include;
  }
}

export const include: BlockModule = {
  specs: [
    {
      tag: 'include',
      end: 'none',
      build(tag) {
        const match = /^"([^"]*)"$/.exec(tag.args);
        return match ? { type: 'include', value: match[1] as string } : undefined;
      },
    },
  ],
  handlers: {
    include: (node: Include) => `{% include "${node.value}" %}`,
  },
};
