import type { Tab, Tabs } from './syntax.js';
import { el, text, type BlockRenderer } from '../render.js';

/**
 * `{% tabs %}`: every panel is in the page with its title as a heading, so it reads well without JavaScript;
 * the client script turns `[data-tabs]` into a tab list and hides the inactive panels.
 */
export const tabs: BlockRenderer = (_ctx, state, node: Tabs) =>
  el(
    'div',
    { className: ['tabs'], dataTabs: '' },
    node.children.map((tab: Tab) =>
      el('section', { className: ['tab-panel'], dataTitle: tab.title }, [el('p', { className: ['tab-title'] }, [text(tab.title)]), ...state.all(tab)]),
    ),
  );
