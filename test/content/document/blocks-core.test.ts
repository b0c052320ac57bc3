import { describe, expect, it } from 'vitest';
import { blocksOf, isEscaped, leavesOf, throughDocument, throughMarkdown } from './helpers.js';

const same = (markdown: string) => expect(throughDocument(markdown)).toBe(markdown);

describe('headings', () => {
  it('reads ## as heading-1 by default (GitBook shifts page headings by one)', () => {
    const blocks = blocksOf('## One\n\n### Two\n\n#### Three\n');
    expect(blocks.map((b) => b.type)).toEqual(['heading-1', 'heading-2', 'heading-3']);
    same('## One\n\n### Two\n\n#### Three\n');
  });

  it('follows headingShift both ways', () => {
    const options = { headingShift: 0 };
    expect(blocksOf('# One\n\n## Two\n', options).map((b) => b.type)).toEqual(['heading-1', 'heading-2']);
    expect(throughDocument('# One\n\n## Two\n', options)).toBe('# One\n\n## Two\n');
  });

  it('clamps depths outside the editor range and remembers the depth', () => {
    const [deep, top] = blocksOf('###### Deep\n\n# Top\n');
    expect(deep).toMatchObject({ type: 'heading-3', data: { depth: 6 } });
    expect(top).toMatchObject({ type: 'heading-1', data: { depth: 1 } });
    same('###### Deep\n\n# Top\n');
  });

  it('turns the anchor into meta.id (and data.id when the spec pattern allows) and writes it back', () => {
    const [heading] = blocksOf('## Overview <a href="#id-46mhpg4k6kv" id="id-46mhpg4k6kv"></a>\n');
    expect(heading).toMatchObject({ type: 'heading-1', data: { id: 'id-46mhpg4k6kv' }, meta: { id: 'id-46mhpg4k6kv' } });
    expect(leavesOf(heading!)).toEqual([['Overview', []]]);
    same('## Overview <a href="#id-46mhpg4k6kv" id="id-46mhpg4k6kv"></a>\n');
    const [upper] = blocksOf('## Title <a href="#Upper" id="Upper"></a>\n');
    expect(upper!.meta).toEqual({ id: 'Upper' });
    expect(upper!.data.id).toBeUndefined();
    same('## Title <a href="#Upper" id="Upper"></a>\n');
  });
});

describe('lists, quotes, dividers', () => {
  it('maps ordered and unordered lists with nesting', () => {
    const markdown = '1. Item 1\n   1. Nested\n2. Item 2\n\n* A\n  * B\n* C\n';
    const [ordered, unordered] = blocksOf(markdown);
    expect(ordered).toMatchObject({
      type: 'list-ordered',
      data: { start: 1 },
      nodes: [
        { type: 'list-item', nodes: [{ type: 'paragraph' }, { type: 'list-ordered', nodes: [{ type: 'list-item' }] }] },
        { type: 'list-item', nodes: [{ type: 'paragraph' }] },
      ],
    });
    expect(unordered!.type).toBe('list-unordered');
    same(markdown);
    same('3. three\n4. four\n');
  });

  it('maps task lists with their checked state', () => {
    const [tasks] = blocksOf('* [ ] todo\n* [x] done\n');
    expect(tasks).toMatchObject({ type: 'list-tasks', nodes: [{ data: { checked: false } }, { data: { checked: true } }] });
    same('* [ ] todo\n* [x] done\n');
  });

  it('keeps list items that hold several blocks', () => {
    const markdown = '* First\n\n  ```js\n  x\n  ```\n* Second\n  * nested\n';
    const [list] = blocksOf(markdown);
    expect(list!.nodes[0].nodes.map((n: { type: string }) => n.type)).toEqual(['paragraph', 'code']);
    expect(throughDocument(markdown)).toBe(throughMarkdown(markdown));
  });

  it('maps blockquotes and dividers', () => {
    const [quote, divider] = blocksOf('> quoted **text**\n\n***\n');
    expect(quote).toMatchObject({ type: 'blockquote', nodes: [{ type: 'paragraph' }] });
    expect(divider).toEqual({ object: 'block', type: 'divider', key: divider!.key, isVoid: true, data: {} });
    same('> quoted **text**\n\n***\n');
  });
});

describe('code and math', () => {
  it('maps a fence to code with one code-line per line', () => {
    const [code] = blocksOf('```ruby\ndef x\n\nend\n```\n');
    expect(code).toMatchObject({ type: 'code', data: { syntax: 'ruby' } });
    expect(code!.nodes.map((line: Record<string, any>) => [line.type, line.nodes[0].leaves[0].text])).toEqual([
      ['code-line', 'def x'],
      ['code-line', ''],
      ['code-line', 'end'],
    ]);
    expect(isEscaped(code)).toBe(false);
    same('```ruby\ndef x\n\nend\n```\n');
  });

  it('maps block math to math', () => {
    const [math] = blocksOf('$$\nf(x) = x^2\n$$\n');
    expect(math).toMatchObject({ type: 'math', isVoid: true, data: { formula: 'f(x) = x^2' } });
    same('$$\nf(x) = x^2\n$$\n');
  });
});

describe('tables', () => {
  it('maps a GFM table to a grid table with fragments per cell', () => {
    const markdown = '| Title 1   |  Title 2 |\n| --------- | :------: |\n| Content 1 | **bold** |\n';
    const [table] = blocksOf(markdown);
    expect(table).toMatchObject({ type: 'table', isVoid: true, data: { view: { type: 'grid', hideHeader: false } } });
    const columns: string[] = table!.data.view.columns;
    expect(columns.map((id) => [table!.data.definition[id].title, table!.data.definition[id].textAlignment])).toEqual([
      ['Title 1', 'left'],
      ['Title 2', 'center'],
    ]);
    const [record] = Object.values(table!.data.records) as Array<{ values: Record<string, string> }>;
    const cell = table!.fragments.find((f: { fragment: string }) => f.fragment === record!.values[columns[1]!]);
    expect(leavesOf(cell)).toEqual([['bold', ['bold']]]);
    same(markdown);
  });

  it('keeps multi-paragraph cells as several paragraphs', () => {
    const markdown = '| A                 | B |\n| ----------------- | - |\n| <p>one</p><p>two</p> | x |\n';
    const [table] = blocksOf(markdown);
    const record = Object.values(table!.data.records)[0] as { values: Record<string, string> };
    const cell = table!.fragments.find((f: { fragment: string }) => f.fragment === record.values[table!.data.view.columns[0]]);
    expect(cell.nodes.map((p: Record<string, any>) => leavesOf(p))).toEqual([[['one', []]], [['two', []]]]);
    expect(throughDocument(markdown)).toBe(throughDocument(throughDocument(markdown)));
  });
});
