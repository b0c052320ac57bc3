/** `<details [open]>` ⏎⏎ `<summary>Title</summary>` ⏎⏎ body ⏎⏎ `</details>`: an expandable block. */
import type { BlockContent, Parent } from 'mdast';
import type { BlockModule } from '../spec.js';

export interface Expandable extends Parent {
  type: 'expandable';
  open: boolean;
  /** The summary's inner HTML as written between `<summary>` and `</summary>`. */
  summary: string;
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    expandable: Expandable;
  }
  interface BlockContentMap {
    expandable: Expandable;
  }
}

export const DETAILS_OPEN = /^<details( open)?>$/;
export const SUMMARY = /^<summary>(.*)<\/summary>$/;
export const DETAILS_CLOSE = '</details>';

export const expandable: BlockModule = {
  specs: [],
  handlers: {
    expandable(node: Expandable, _p, state, info) {
      const open = `${node.open ? '<details open>' : '<details>'}\n\n<summary>${node.summary}</summary>`;
      const inner = node.children.length > 0 ? `\n\n${state.containerFlow(node as never, info)}` : '';
      return `${open}${inner}\n\n${DETAILS_CLOSE}`;
    },
  },
};
