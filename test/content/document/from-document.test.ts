/** Documents written by others (the API, GitBook) to markdown. */
import type { JSONDocument } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { fromDocument, toDocument } from '../../../src/content/document/index.js';
import { markdownOf } from '../../../src/content/markdown/index.js';
import { documentErrors } from './schema.js';

const text = (value: string, ...marks: string[]) => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }],
});

const DOC = {
  object: 'document',
  data: {},
  nodes: [
    { object: 'block', type: 'heading-1', data: {}, meta: { id: 'intro' }, nodes: [text('Intro')] },
    {
      object: 'block',
      type: 'paragraph',
      nodes: [
        text('Plain, '),
        text('both', 'bold', 'italic'),
        text(' and '),
        { object: 'inline', type: 'link', isVoid: false, data: { ref: { kind: 'anchor', anchor: 'intro' } }, nodes: [text('a link', 'bold')] },
        { object: 'inline', type: 'annotation', isVoid: false, data: {}, nodes: [text(' kept')], fragments: [] },
      ],
    },
    {
      object: 'block',
      type: 'list-unordered',
      nodes: [{ object: 'block', type: 'list-item', nodes: [{ object: 'block', type: 'paragraph', nodes: [text('item')] }] }],
    },
    { object: 'block', type: 'hint', data: { style: 'success' }, nodes: [{ object: 'block', type: 'paragraph', nodes: [text('Done')] }] },
    {
      object: 'block',
      type: 'integration',
      isVoid: true,
      data: { integration: 'x', block: 'y', props: {} },
    },
  ],
} as unknown as JSONDocument;

describe('fromDocument on documents written elsewhere', () => {
  it('writes GitBook markdown, marks nested in GitBook order, an integration block as its tag, unknown inlines kept as text', () => {
    expect(documentErrors(DOC)).toEqual([]);
    expect(markdownOf(fromDocument(DOC))).toBe(
      '## Intro <a href="#intro" id="intro"></a>\n\nPlain, _**both**_ and [**a link**](#intro) kept\n\n* item\n\n{% hint style="success" %}\nDone\n{% endhint %}\n\n{% @x/y %}\n',
    );
  });

  it('maps the markdown it writes back to the same kinds of blocks', () => {
    const again = toDocument(fromDocument(DOC));
    expect(again.nodes.map((node) => node.type)).toEqual(['heading-1', 'paragraph', 'list-unordered', 'hint', 'integration']);
    expect(documentErrors(again)).toEqual([]);
  });
});
