/**
 * Structural edits written back: blocks inserted, deleted, moved, duplicated and changed anywhere in pages with
 * quotes, lists (tight, loose, ordered), GitBook containers and empty paragraphs. Whatever the edits, the text
 * written back reads as the edited tree (where the markdown writer alone can write that tree at all).
 */
import fc from 'fast-check';
import type { Nodes, Paragraph, Parent, Root, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { markdownOf, parseMarkdown, writeBack } from '../../../src/content/markdown/index.js';
import { fingerprint } from '../../../src/content/markdown/same-content.js';

/** Fixed, so CI is repeatable; PROPERTY_SEED explores others. */
const SEED = Number(process.env.PROPERTY_SEED ?? 2027);

const PAGES = [
  '# T\n\nintro\n\npara one\n\n- a\n- b\n- c\n\n> q1\n>\n> q2\n\nend\n',
  '1. one\n2. two\n\n   two b\n3. three\n\ntext\n',
  '{% hint style="info" %}\nh1\n\nh2\n{% endhint %}\n\nafter\n\n\n\nghosted\n',
  '- item\n\n  > quoted\n  >\n  > more\n- next\n\n```js\ncode\n```\n\n## Sub\nline\n',
  '{% tabs %}\n{% tab title="A" %}\nta\n\ntb\n{% endtab %}\n\n{% tab title="B" %}\n- x\n- y\n{% endtab %}\n{% endtabs %}\n\nz\n',
  '> a\n>\n> b\n>\n> - l1\n> - l2\n\nout\n',
  '* star\n* star2\n\n  nested para\n\n***\n\nfin\n',
  '{% hint style="info" %}\n\n\na\n\n\n\nb\n\n\n{% endhint %}\n\n> x\n>\n>\n>\n> y\n',
  '1) a\n2) b\n3) c\n\n* p\n* q\n\n- r\n',
];

const paragraph = (value: string): Paragraph => ({ type: 'paragraph', children: [{ type: 'text', value }] });
const NEW_BLOCKS: RootContent[] = [
  paragraph('new text'),
  { type: 'heading', depth: 2, children: [{ type: 'text', value: 'new heading' }] },
  { type: 'code', lang: null, meta: null, value: 'new code' },
  { type: 'paragraph', children: [] },
  { type: 'blockquote', children: [paragraph('new quote')] },
  {
    type: 'list',
    ordered: false,
    start: null,
    spread: false,
    children: [{ type: 'listItem', spread: false, checked: null, children: [paragraph('new item')] }],
  },
  { type: 'list', ordered: true, start: 1, spread: false, children: [{ type: 'listItem', spread: false, checked: null, children: [paragraph('new step')] }] },
];

/** Containers whose children are blocks (or list items), in document order. */
function containers(node: Nodes, out: Parent[] = []): Parent[] {
  if ('children' in node && !['paragraph', 'heading', 'table', 'tableRow', 'tableCell'].includes(node.type)) {
    out.push(node as Parent);
    for (const child of node.children) containers(child as Nodes, out);
  }
  return out;
}

const edit = fc.record({
  container: fc.nat(),
  op: fc.constantFrom('delete', 'insert', 'move', 'duplicate', 'change'),
  at: fc.nat(),
  to: fc.nat(),
  block: fc.nat({ max: NEW_BLOCKS.length - 1 }),
});

type Edit = { container: number; op: string; at: number; to: number; block: number };

function apply(root: Root, e: Edit): void {
  const all = containers(root);
  const parent = all[e.container % all.length]!;
  const children = parent.children as RootContent[];
  if (children.length === 0) return;
  const at = e.at % children.length;
  const inList = parent.type === 'list';
  const fresh = inList ? { type: 'listItem', spread: false, checked: null, children: [paragraph('new item')] } : structuredClone(NEW_BLOCKS[e.block]!);
  switch (e.op) {
    case 'delete':
      if (children.length > 1) children.splice(at, 1);
      return;
    case 'insert':
      children.splice(e.to % (children.length + 1), 0, fresh as RootContent);
      return;
    case 'move': {
      const [moved] = children.splice(at, 1);
      children.splice(e.to % (children.length + 1), 0, moved!);
      return;
    }
    case 'duplicate':
      children.splice(at, 0, structuredClone(children[at]!));
      return;
    case 'change': {
      const text = JSON.stringify(children[at]).replace(/"value":"([^"]*)"/, '"value":"$1 changed"');
      children[at] = JSON.parse(text) as RootContent;
    }
  }
}

const prints = (root: Root) => root.children.map((child) => fingerprint(child)).join('\n');

describe('write-back after structural edits', () => {
  it('reads back as the edited tree', () => {
    fc.assert(
      fc.property(fc.nat({ max: PAGES.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 3 }), (page, edits) => {
        const text = PAGES[page]!;
        const root = parseMarkdown(text);
        const copy = structuredClone(root);
        for (const e of edits) apply(copy, e);
        const want = prints(copy);
        // Some trees have no markdown at all (an empty paragraph last in a list item): nothing to hold the write-back to.
        fc.pre(prints(parseMarkdown(markdownOf(copy))) === want);
        expect(prints(parseMarkdown(writeBack(copy, { text, root })))).toBe(want);
      }),
      { seed: SEED, numRuns: 1500 },
    );
  });
});
