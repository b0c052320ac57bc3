/**
 * GitBook writes a hard break that ends a paragraph as a lone `\` at the end of its last line. Markdown
 * reads that `\` as text (nothing follows it to escape); make it the break it was.
 */
import type { Paragraph } from 'mdast';

const BACKSLASH = 92;

export function restoreTrailingBreak(paragraph: Paragraph, source: string): void {
  const last = paragraph.children[paragraph.children.length - 1];
  const end = paragraph.position?.end.offset;
  if (last?.type !== 'text' || end === undefined || !last.value.endsWith('\\')) return;
  let backslashes = 0;
  while (source.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
  if (backslashes % 2 === 0) return;
  last.value = last.value.slice(0, -1);
  if (last.value === '') paragraph.children.pop();
  paragraph.children.push({ type: 'break' });
}
