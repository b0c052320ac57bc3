/** GitBook's inline elements for the blocks written as HTML: the registry's specs, and the markdown writer's output. */
import { inlineHtmlSpecs } from '../blocks/index.js';
import type { InlineHtml, InlineHtmlSpec } from '../blocks/inline-spec.js';
import { markdownOf } from './stringify.js';

let byElement: Map<string, InlineHtmlSpec[]> | undefined;

export const inlineElements: InlineHtml = {
  specs(element) {
    if (!byElement) {
      byElement = new Map();
      for (const spec of inlineHtmlSpecs()) byElement.set(spec.element, [...(byElement.get(spec.element) ?? []), spec]);
    }
    return byElement.get(element) ?? [];
  },
  write: (node) => markdownOf({ type: 'root', children: [{ type: 'paragraph', children: [node] }] }).replace(/\n$/, ''),
};
