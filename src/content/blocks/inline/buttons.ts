/**
 * Buttons: `<a href="…" class="button primary|secondary" [data-icon="x"]>Label</a>`, and the action form
 * `<button type="button" class="button primary" data-action="ask|search" [data-query="…"] [data-icon="x"]>Label</button>`.
 */
import type { Parent, PhrasingContent } from 'mdast';
import type { BlockModule } from '../spec.js';
import { decodeEntities, encodeAttribute, formatHtmlAttributes, htmlAttr } from '../html.js';
import type { InlineHtmlSpec } from '../inline-spec.js';

export interface Button extends Parent {
  type: 'button';
  kind: 'primary' | 'secondary';
  /** Link target (the `<a>` form); absent for action buttons. */
  href?: string;
  action?: string;
  query?: string;
  icon?: string;
  children: PhrasingContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    button: Button;
  }
  interface PhrasingContentMap {
    button: Button;
  }
}

function openTag(node: Button): string {
  const kind = ['class', `button ${node.kind}`] as [string, string];
  const icon = ['data-icon', node.icon] as [string, string | undefined];
  const enc = (value: string | undefined) => (value === undefined ? undefined : encodeAttribute(value));
  if (node.href !== undefined) return `<a${formatHtmlAttributes([['href', enc(node.href)], kind, icon])}>`;
  return `<button${formatHtmlAttributes([['type', 'button'], kind, ['data-action', enc(node.action)], ['data-query', enc(node.query)], icon])}>`;
}

function build(element: 'a' | 'button') {
  return (attributes: Array<[string, string]>, children: PhrasingContent[]): Button | undefined => {
    const kind = /^button (primary|secondary)$/.exec(htmlAttr(attributes, 'class') ?? '')?.[1] as Button['kind'] | undefined;
    if (!kind) return undefined;
    const node: Button = { type: 'button', kind, children };
    const get = (key: string) => {
      const value = htmlAttr(attributes, key);
      return value === undefined ? undefined : decodeEntities(value);
    };
    if (element === 'a') node.href = get('href') ?? '';
    else {
      const action = get('data-action');
      const query = get('data-query');
      if (action !== undefined) node.action = action;
      if (query !== undefined) node.query = query;
    }
    const icon = get('data-icon');
    if (icon !== undefined) node.icon = icon;
    return node;
  };
}

export const buttonSpecs: InlineHtmlSpec[] = [
  { element: 'a', build: build('a'), openTag: (node) => openTag(node as Button) },
  { element: 'button', build: build('button'), openTag: (node) => openTag(node as Button) },
];

export const buttons: BlockModule = {
  specs: [],
  handlers: {
    button(node: Button, _p, state, info) {
      const close = node.href !== undefined ? '</a>' : '</button>';
      return `${openTag(node)}${state.containerPhrasing(node, info)}${close}`;
    },
  },
};
