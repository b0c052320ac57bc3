import { describe, expect, it } from 'vitest';
import type { Paragraph, RootContent, Table } from 'mdast';
import { markdownOf, parseMarkdown } from '../../../src/content/markdown/index.js';

const roundTrip = (text: string) => {
  const root = parseMarkdown(text);
  expect(markdownOf(root)).toBe(text);
  return root;
};

describe('GitBook layout that markdown does not keep', () => {
  it('two extra blank lines are an empty paragraph, between blocks and inside Liquid blocks', () => {
    const root = roundTrip(
      'A\n\n\n\nB\n\n\n\n\n\nC\n\n{% hint style="info" %}\nD\n\n\n{% endhint %}\n\n{% swagger-description %}\n\n{% endswagger-description %}\n',
    );
    const shape = (node: RootContent): string => ('children' in node ? `${node.type}(${(node.children as RootContent[]).map(shape).join(',')})` : node.type);
    expect(root.children.map(shape)).toEqual([
      'paragraph(text)',
      'paragraph()',
      'paragraph(text)',
      'paragraph()',
      'paragraph()',
      'paragraph(text)',
      'hint(paragraph(text),paragraph())',
      'swaggerDescription(paragraph())',
    ]);
  });

  it('a lone backslash ending a paragraph is a hard break, written with its own newline', () => {
    const root = roundTrip('Line\\\n\n\nNext \\\\\n');
    expect((root.children[0] as Paragraph).children.map((node) => node.type)).toEqual(['text', 'break']);
    expect((root.children[1] as Paragraph).children).toMatchObject([{ type: 'text', value: 'Next \\' }]);
  });

  it('table cells keep the spaces GitBook wrote at their ends', () => {
    const text = '| Plan | Price                  |\n| ---- | ---------------------- |\n| Core |  $167/mth              |\n| Pro  | Included with support. |\n';
    const root = roundTrip(text);
    const cell = (root.children[0] as Table).children[1]?.children[1];
    expect(cell?.children).toMatchObject([{ type: 'text', value: ' $167/mth' }]);
    // A column one wider than its widest cell: that cell ends with a space.
    roundTrip('| A  | B    |\n| -- | ---- |\n| x  | long |\n');
  });

  it('link destinations are written as GitBook stored them', () => {
    const root = roundTrip('[a](https://x.test/?from=website\\_menu) [b](https://x.test/?a=1&b=2)\n');
    const link = (root.children[0] as Paragraph).children[0];
    expect(link).toMatchObject({ type: 'link', url: 'https://x.test/?from=website_menu' });
    if (link?.type === 'link') link.url = 'https://x.test/new_page';
    expect(markdownOf(root)).toBe('[a](https://x.test/new_page) [b](https://x.test/?a=1&b=2)\n');
  });

  it('Liquid delimiters in text are escaped', () => {
    const root = roundTrip('Write _\\{%customer.name%\\}_ here.\n');
    expect(JSON.stringify(root)).toContain('{%customer.name%}');
  });

  it('spaces ending a line after inline math stay bare', () => {
    roundTrip('$$(a = b) / 2$$ \n');
  });

  it('else and elsif inside if', () => {
    const root = roundTrip('{% if a %}\nx\n{% elsif b %}\ny\n\nw\n{% else %}\nz\n{% endif %}\n');
    expect(root.children[0]).toMatchObject({ type: 'conditional', condition: 'a' });
  });

  it('an optional end tag written with nothing before it', () => {
    const root = roundTrip('{% embed url="https://x.test/v" %}\n{% endembed %}\n');
    expect(root.children[0]).toMatchObject({ type: 'embed', children: [] });
  });
});
