/** Inline HTML elements GitBook writes for inline blocks (buttons, icons, marks, ...): their recognition. */
import type { PhrasingContent } from 'mdast';

export interface InlineHtmlSpec {
  /** Element name: the node is `<name ...>` children `</name>` in a paragraph. */
  element: string;
  /**
   * Build the typed node from the opening tag's attributes and the phrasing between the tags.
   * Undefined means "not this construct": the HTML stays as is.
   */
  build(attributes: Array<[string, string]>, children: PhrasingContent[]): PhrasingContent | undefined;
  /** The opening tag the node is written with, to check that reading then writing gives the same text. */
  openTag(node: PhrasingContent): string;
}

/** The single text child's value, or undefined. */
export function onlyText(children: PhrasingContent[]): string | undefined {
  const [first] = children;
  return children.length === 1 && first?.type === 'text' ? first.value : undefined;
}

/**
 * GitBook's inline elements in HTML: what the HTML readers and writers of tables and aligned text need from the
 * registry and the markdown writer. The markdown layer, which holds both, hands it down (markdown/inline-html.ts).
 */
export interface InlineHtml {
  /** The specs of the elements named `element`. */
  specs(element: string): readonly InlineHtmlSpec[];
  /** One inline element (emoji, icon, button, expression) as the markdown writer writes it. */
  write(node: PhrasingContent): string;
}
