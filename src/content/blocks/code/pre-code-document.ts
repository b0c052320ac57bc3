/**
 * `<pre class="language-x"><code class="lang-x">` with `<strong>`/`<em>` (code with formatting) <-> `code` whose
 * code-line leaves carry bold/italic marks. The way back lives in `code.ts`: a code block with marks is written so.
 */
import type { Html } from 'mdast';
import { preCodeFromHtml, preCodeHtml, type PreCode, type PreCodeMark } from './pre-code.js';
import { mapping } from '../../document/context.js';
import type { DocBlock, DocMark } from '../../document/types.js';

export const preCode = mapping<Html>({
  mdast: ['html'],
  document: [],
  toDocument(node, ctx, key) {
    const pre = preCodeFromHtml(node.value);
    if (!pre) return undefined;
    const nodes: DocBlock[] = pre.lines.map((leaves, index) => {
      const lineKey = ctx.key(key, `line${index}`);
      const marks = (types: PreCodeMark[]): DocMark[] => types.map((type) => ({ object: 'mark', type }));
      const docLeaves = leaves.length
        ? leaves.map((leaf) => ({ object: 'leaf' as const, text: leaf.text, marks: marks(leaf.marks) }))
        : [{ object: 'leaf' as const, text: '', marks: [] }];
      return {
        object: 'block',
        type: 'code-line',
        key: lineKey,
        isVoid: false,
        data: {},
        nodes: [{ object: 'text', key: ctx.key(lineKey, 'text'), leaves: docLeaves }],
      };
    });
    const data: Record<string, unknown> = { syntax: pre.lang };
    if (pre.title !== undefined) data.title = pre.title;
    if (pre.overflow !== undefined) data.overflow = pre.overflow;
    return { object: 'block', type: 'code', key, isVoid: false, data, nodes };
  },
  fromDocument: () => undefined,
});

/** The formatted-code HTML of a code block whose lines carry marks; undefined when no leaf has one. */
export function preCodeOf(block: DocBlock): Html | undefined {
  const lines = (block.nodes ?? []).map((line) =>
    (line.object === 'block' ? (line.nodes ?? []) : []).flatMap((text) =>
      text.object === 'text' ? text.leaves.map((leaf) => ({ text: leaf.text, marks: leaf.marks.map((m) => m.type) })) : [],
    ),
  );
  if (!lines.some((leaves) => leaves.some((leaf) => leaf.marks.length > 0))) return undefined;
  const syntax = block.data?.syntax;
  const pre: PreCode = {
    lang: typeof syntax === 'string' && syntax !== '' ? syntax : 'text',
    lines: lines.map((leaves) =>
      leaves.map((leaf) => ({ text: leaf.text, marks: leaf.marks.filter((m): m is PreCodeMark => m === 'bold' || m === 'italic') })),
    ),
  };
  if (typeof block.data?.title === 'string') pre.title = block.data.title;
  if (block.data?.overflow === 'wrap' || block.data?.overflow === 'scroll') pre.overflow = block.data.overflow;
  return { type: 'html', value: preCodeHtml(pre) };
}
