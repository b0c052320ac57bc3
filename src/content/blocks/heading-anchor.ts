/** Heading ids: `## Title <a href="#id" id="id"></a>` gives the heading `id`. */
import type { BlockModule } from './spec.js';

declare module 'mdast' {
  interface Heading {
    /** The stored anchor id, written as a trailing `<a href="#id" id="id"></a>`. */
    id?: string;
  }
}

/** The anchor's opening tag, as an inline `html` node; `</a>` follows as another. */
export const HEADING_ANCHOR = /^<a href="#([^"]*)" id="\1">$/;

export function headingAnchorHtml(id: string): string {
  return `<a href="#${id}" id="${id}"></a>`;
}

export const headingAnchor: BlockModule = { specs: [], handlers: {} };
