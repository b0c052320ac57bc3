// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
/**
 * GitBook's HTML tables (grid and cards) are `table` blocks: columns, records and cell fragments, written back as
 * GitBook writes them; an edit of one cell changes that cell; what a cell cannot say is refused, never dropped.
 */
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { readHtmlTable, writeHtmlTable } from '../../../src/content/blocks/table/html.js';
import { fromDocument, toDocument } from '../../../src/content/document/index.js';
import { DocumentError } from '../../../src/content/document/escape.js';
import { inlineElements, markdownOf, parseMarkdown } from '../../../src/content/markdown/index.js';
import { corpusPages, EXPORTED_CORPORA } from './corpus.js';
import { blocksOf, docOf, isEscaped, leavesOf, throughDocument } from './helpers.js';

const GRID =
  '<table><thead><tr><th width="174.5" valign="top">Key</th><th align="center">Type</th></tr></thead><tbody>' +
  '<tr><td valign="top"><code>fetch</code> &#x26; more</td><td align="center"><p>One<br>line</p><ul><li>a</li><li><strong>b</strong></li></ul></td></tr>' +
  '</tbody></table>\n';
const CARDS =
  '<table data-card-size="large" data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th>' +
  '<th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody>' +
  '<tr><td><strong>Sections</strong></td><td><a href="guide/sections.md">sections.md</a></td><td><a href=".gitbook/assets/cover image.png">cover image.png</a></td></tr>' +
  '<tr><td>Elsewhere</td><td><a href="https://app.gitbook.com/s/abc/page">A page in another space</a></td><td></td></tr>' +
  '</tbody></table>\n';

function htmlTables(root: Root): string[] {
  const out: string[] = [];
  const walk = (node: { type: string; value?: string; children?: unknown[] }) => {
    if ((node.type === 'html' || node.type === 'cards') && node.value?.startsWith('<table')) out.push(node.value);
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(root);
  return out;
}

describe('HTML tables', () => {
  it('maps a grid table: widths, alignments, blocks in cells', () => {
    const [table] = blocksOf(GRID);
    const key = (title: string) => Object.values(table!.data.definition).find((d: any) => d.title === title) as Record<string, any>;
    expect(table).toMatchObject({ type: 'table', data: { view: { type: 'grid', hideHeader: false } } });
    expect(key('Key')).toMatchObject({ type: 'text', textAlignment: 'left', verticalAlignment: 'top' });
    expect(key('Type')).toMatchObject({ type: 'text', textAlignment: 'center' });
    expect(Object.values(table!.data.view.columnWidths)).toEqual([174.5]);
    const [first, second] = table!.fragments;
    expect(leavesOf(first)).toEqual([
      ['fetch', ['code']],
      [' & more', []],
    ]);
    expect(second.nodes.map((n: { type: string }) => n.type)).toEqual(['paragraph', 'list-unordered']);
    expect(
      leavesOf(second.nodes[0])
        .map(([text]) => text)
        .join(''),
    ).toBe('One\nline');
    expect(throughDocument(GRID)).toBe(GRID);
  });

  it('maps a cards table: card size, target and cover columns, references, labels GitBook cannot derive', () => {
    const [table] = blocksOf(CARDS);
    const ids = Object.keys(table!.data.definition);
    expect(table!.data.view).toMatchObject({ type: 'cards', cardSize: 'large', columns: [ids[0]], targetDefinition: ids[1], coverDefinition: ids[2] });
    const records = Object.values(table!.data.records) as Array<{ values: Record<string, unknown> }>;
    expect(records[0]!.values[ids[1]!]).toEqual({ kind: 'url', url: 'guide/sections.md' });
    expect(records[0]!.values[ids[2]!]).toEqual(['.gitbook/assets/cover image.png']);
    expect(table!.data.linkLabels).toEqual({ 'https://app.gitbook.com/s/abc/page': 'A page in another space' });
    expect(throughDocument(CARDS)).toBe(CARDS);
  });

  it('applies an edit of one cell, and writes the rest of the table as it was', () => {
    const doc = docOf(CARDS);
    const table = doc.nodes[0] as unknown as { fragments: Array<{ nodes: Array<{ nodes: Array<{ leaves: Array<{ text: string }> }> }> }> };
    table.fragments[1]!.nodes[0]!.nodes[0]!.leaves[0]!.text = 'Somewhere else';
    const out = markdownOf(fromDocument(doc));
    expect(out).toBe(CARDS.replace('<td>Elsewhere</td>', '<td>Somewhere else</td>'));
  });

  it('refuses, naming the table, a block that a cell of an HTML table cannot hold', () => {
    const doc = docOf(GRID);
    const table = doc.nodes[0] as unknown as { key: string; fragments: Array<{ nodes: unknown[] }> };
    table.fragments[0]!.nodes.push({ object: 'block', type: 'divider', key: 'rule', isVoid: true, data: {} });
    expect(() => fromDocument(doc)).toThrow(DocumentError);
    expect(() => fromDocument(doc)).toThrow(table.key);
  });

  it('reads select columns, several options to a cell, and tables inside cells', () => {
    const select =
      '<table><thead><tr><th>Plan</th><th>Price<select multiple><option value="a" label="One" color="blue"></option><option value="b" label="Two" color="red"></option></select></th></tr></thead>' +
      '<tbody><tr><td><p>Outer</p><table><thead><tr><th width="100">In</th></tr></thead><tbody><tr><td>x</td></tr></tbody></table></td><td><span data-option="b">Two, </span><span data-option="a">One</span></td></tr></tbody></table>\n';
    const [table] = blocksOf(select);
    const price = Object.values(table!.data.definition).find((d: any) => d.title === 'Price');
    expect(price).toMatchObject({ type: 'select', multiple: true, options: [{ value: 'a' }, { value: 'b' }] });
    expect(table!.fragments[0].nodes.map((n: { type: string }) => n.type)).toEqual(['paragraph', 'table']);
    expect(throughDocument(select)).toBe(select);
  });

  it('writes a blank line inside a cell so that it does not end the HTML block, and reads it back', () => {
    const doc = docOf(GRID);
    const table = doc.nodes[0] as unknown as { fragments: Array<{ nodes: unknown[] }> };
    const line = (text: string, key: string) => ({
      object: 'block',
      type: 'code-line',
      key,
      isVoid: false,
      data: {},
      nodes: [{ object: 'text', key: `${key}t`, leaves: [{ object: 'leaf', text, marks: [] }] }],
    });
    table.fragments[0]!.nodes = [
      { object: 'block', type: 'code', key: 'c', isVoid: false, data: { syntax: 'js' }, nodes: [line('a();', 'l1'), line('', 'l2'), line('b();', 'l3')] },
    ];
    const markdown = markdownOf(fromDocument(doc));
    expect(markdown).toContain('<pre><code class="language-js">a();&#xA;\nb();\n</code></pre>');
    const [again] = blocksOf(markdown);
    expect(again!.type).toBe('table');
    const code = again!.fragments[0].nodes[0];
    expect(code.nodes.map((l: Record<string, any>) => l.nodes[0].leaves[0].text)).toEqual(['a();', '', 'b();']);
  });

  it('keeps as written (an escape, its lines editable) a table with what it cannot write back the same', () => {
    for (const html of [
      '<table class="x"><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>\n',
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td><div>1</div></td></tr></tbody></table>\n',
      '<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>\n',
      // Nothing here needs HTML: its block would be written as the GFM table GitBook writes for it.
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>\n',
    ]) {
      const [block] = blocksOf(html);
      expect(isEscaped(block), html).toBe(true);
      expect(throughDocument(html)).toBe(html);
    }
  });

  it("reads every HTML table of the corpora, and writes GitBook's back byte for byte", () => {
    const tables = corpusPages([...EXPORTED_CORPORA]).flatMap((page) => htmlTables(parseMarkdown(page.text)));
    expect(tables.length).toBeGreaterThan(100);
    const differing = tables.filter((html) => {
      const table = readHtmlTable(html, inlineElements);
      return !table || writeHtmlTable(table, inlineElements) !== html;
    });
    expect(differing).toEqual([]);
  });

  it('maps every HTML table of the corpora outside a stepper to a table block', () => {
    const escaped: string[] = [];
    for (const page of corpusPages()) {
      const walk = (nodes: Array<Record<string, any>> | undefined, inStep: boolean) => {
        for (const node of nodes ?? []) {
          if (isEscaped(node) && /<table[\s>]/.test(node.data.markdown) && !inStep) escaped.push(page.name);
          walk(node.nodes, inStep || node.type === 'stepper-step' || node.type === 'tabs-item');
          walk(node.fragments, inStep);
        }
      };
      walk(toDocument(parseMarkdown(page.text)).nodes as unknown as Array<Record<string, any>>, false);
    }
    expect(escaped).toEqual([]);
  });

  it("refuses what GitBook's HTML tables cannot say, naming the table, the column and the row", () => {
    const cases: Array<[string, (table: Record<string, any>, column: string, row: string) => void, RegExp]> = [
      ['a number column', (t, c) => (t.data.definition[c].type = 'number'), /column \S+: GitBook's HTML tables have no form for a number column/],
      [
        'a reference that is a string',
        (t, c, r) => ((t.data.definition[c].type = 'content-ref'), (t.data.records[r].values[c] = 'page.md')),
        /row \S+, column \S+: a content-ref cell holds a reference/,
      ],
      [
        "an option that is not the column's",
        (t, c, r) => (Object.assign(t.data.definition[c], { type: 'select', multiple: false, options: [] }), (t.data.records[r].values[c] = ['zzz'])),
        /zzz is not one of the column's options/,
      ],
      ['a negative width', (t, c) => (t.data.view.columnWidths = { [c]: -5 }), /a width is a number of pixels, not -5/],
      ['merged cells', (t) => (t.data.cellMerges = [{}]), /no form for merged cells/],
    ];
    for (const [name, change, message] of cases) {
      const doc = docOf(GRID);
      const table = doc.nodes[0] as unknown as Record<string, any>;
      change(table, Object.keys(table.data.definition)[0]!, Object.keys(table.data.records)[0]!);
      expect(() => fromDocument(doc), name).toThrow(DocumentError);
      expect(() => fromDocument(doc), name).toThrow(message);
    }
  });

  it('keeps a table one HTML block whatever its cells and labels hold: carriage returns, blank lines', () => {
    const doc = docOf(CARDS);
    const table = doc.nodes[0] as unknown as Record<string, any>;
    table.fragments[0].nodes[0].nodes[0].leaves = [{ object: 'leaf', text: 'a\r\rb\n\n# not a heading', marks: [] }];
    table.data.linkLabels['guide/sections.md'] = 'two\n\nparagraphs';
    const markdown = markdownOf(fromDocument(doc));
    expect(markdown.trimEnd()).not.toMatch(/\r|\n\s*\n/);
    const [again] = blocksOf(markdown);
    expect(again!.type).toBe('table');
    expect(again!.data.linkLabels['guide/sections.md']).toBe('two\n\nparagraphs');
    expect(
      leavesOf(again!.fragments[0])
        .map(([text]) => text)
        .join(''),
    ).toBe('a\r\rb\n\n# not a heading');
  });

  it('reads no element by a name Object.prototype has, nor HTML nested deeper than its readers go: the table stays as written', () => {
    const deep = `<table><thead><tr><th width="9">A</th></tr></thead><tbody><tr><td>${'<strong>'.repeat(3000)}x${'</strong>'.repeat(3000)}</td></tr></tbody></table>\n`;
    for (const html of [
      '<table><thead><tr><th width="9">A</th></tr></thead><tbody><tr><td>a<constructor>b</constructor></td></tr></tbody></table>\n',
      '<table><thead><tr><th width="9">A</th></tr></thead><tbody><tr><td><p>a</p><constructor>b</constructor></td></tr></tbody></table>\n',
      '<p align="center">x<constructor>y</constructor></p>\n',
      deep,
    ]) {
      const [block] = blocksOf(html);
      expect(isEscaped(block), html.slice(0, 80)).toBe(true);
      expect(throughDocument(html)).toBe(html);
    }
  });

  it("orders rows by GitBook's fractional indexes, code unit by code unit; a hidden column keeps its place", () => {
    const html =
      '<table><thead><tr><th width="9">A</th><th data-hidden>B</th><th>C</th></tr></thead><tbody><tr><td>1</td><td>2</td><td>3</td></tr><tr><td>4</td><td>5</td><td>6</td></tr></tbody></table>\n';
    expect(throughDocument(html)).toBe(html);
    const doc = docOf(html);
    const records = Object.values((doc.nodes[0] as unknown as Record<string, any>).data.records) as Array<{ orderIndex: string }>;
    records[1]!.orderIndex = 'Zz'; // before `a0000`: GitBook inserted it above
    expect(markdownOf(fromDocument(doc))).toBe(
      html.replace(
        '<tr><td>1</td><td>2</td><td>3</td></tr><tr><td>4</td><td>5</td><td>6</td></tr>',
        '<tr><td>4</td><td>5</td><td>6</td></tr><tr><td>1</td><td>2</td><td>3</td></tr>',
      ),
    );
  });

  it("reads GitBook's inline elements in cells: buttons, expressions, icons, marks, emoji", () => {
    const html =
      '<table><thead><tr><th width="9">A</th></tr></thead><tbody><tr><td><a href="https://x.dev" class="button primary">Go</a> <code class="expression">space.vars.x</code> <i class="fa-check">:check:</i></td></tr></tbody></table>\n';
    const [table] = blocksOf(html);
    expect(table!.type).toBe('table');
    expect(JSON.stringify(table!.fragments[0])).toContain('"type":"button"');
    expect(throughDocument(html)).toBe(html);
  });
});
