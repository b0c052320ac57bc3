/**
 * GitBook writes spaces that end a line right after inline math (`$$x$$ `) as they are, where after
 * anything else it writes `&#x20;`. Markdown drops trailing spaces, so they are read back from the source.
 */
import type { Paragraph, Text } from 'mdast';
import type { Handle } from 'mdast-util-to-markdown';

const SPACES_TO_LINE_END = /[ \t]+(?=\r?\n|$)/y;

export function restoreMathTrailingSpace(paragraph: Paragraph, source: string): void {
  const last = paragraph.children[paragraph.children.length - 1];
  const end = last?.position?.end.offset;
  if (last?.type !== 'inlineMath' || end === undefined) return;
  SPACES_TO_LINE_END.lastIndex = end;
  const match = SPACES_TO_LINE_END.exec(source);
  if (match) paragraph.children.push({ type: 'text', value: match[0] });
}

/** Text writer: spaces ending a paragraph after inline math are written bare. */
export const text: Handle = (node: Text, parent, state, info) => {
  if (parent?.type === 'paragraph' && /^[ \t]+$/.test(node.value)) {
    const index = parent.children.indexOf(node);
    if (index === parent.children.length - 1 && parent.children[index - 1]?.type === 'inlineMath') return node.value;
  }
  return state.safe(node.value, info);
};
