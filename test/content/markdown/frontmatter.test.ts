import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { frontmatterYaml } from '../../../src/content/markdown/frontmatter-yaml.js';
import { parsePageFile, serializePageFile } from '../../../src/content/page-file.js';

describe('frontmatter written the way GitBook writes it', () => {
  it('folds long strings with >- at 78 columns, keeps short ones plain', () => {
    const long = 'Learn how to manage the members of your organization, including adding new admins and what to do if the only admin leaves';
    expect(frontmatterYaml({ description: long, icon: 'book' })).toBe(
      'description: >-\n  Learn how to manage the members of your organization, including adding new\n  admins and what to do if the only admin leaves\nicon: book\n',
    );
  });

  it('double-quotes strings with a no-break space, escaping it as \\_', () => {
    expect(frontmatterYaml({ description: 'Add pages —\u00a0and more' })).toBe('description: "Add pages —\\_and more"\n');
  });

  it('quotes every string of a mapping holding one the reader would take for a number', () => {
    expect(frontmatterYaml({ title: 'Odds', value: '+.5' })).toBe("title: 'Odds'\nvalue: '+.5'\n");
    expect(parse(frontmatterYaml({ title: 'Odds', value: '+.5' }))).toEqual({ title: 'Odds', value: '+.5' });
  });

  it('quotes what would not read back as the same string', () => {
    expect(frontmatterYaml({ a: 'true', b: '12', c: 'x: y', d: "it's # not", e: '- item', f: '', g: 'C# and a:b' })).toBe(
      "a: 'true'\nb: '12'\nc: 'x: y'\nd: 'it''s # not'\ne: '- item'\nf: ''\ng: C# and a:b\n",
    );
  });

  it('keeps key order and writes nested mappings and sequences as blocks', () => {
    const data = {
      icon: 'star',
      hidden: true,
      coverY: 42.5,
      tags: ['news', { tag: 'beta', primary: true }],
      layout: { width: 'wide', cover: { visible: true, size: 'full' } },
      vars: {},
    };
    const yaml = frontmatterYaml(data);
    expect(yaml).toBe(
      'icon: star\nhidden: true\ncoverY: 42.5\ntags:\n  - news\n  - tag: beta\n    primary: true\nlayout:\n  width: wide\n  cover:\n    visible: true\n    size: full\nvars: {}\n',
    );
    expect(parse(yaml)).toEqual(data);
  });

  it('writes an object used twice in full each time, without anchors', () => {
    const visible = { visible: true };
    expect(frontmatterYaml({ layout: { title: visible, description: visible } })).toBe(
      'layout:\n  title:\n    visible: true\n  description:\n    visible: true\n',
    );
  });

  it('writes multi-line strings as literal blocks', () => {
    expect(frontmatterYaml({ note: 'one\ntwo\n' })).toBe('note: |\n  one\n  two\n');
  });

  it('puts one blank line between new frontmatter and the title, and none when frontmatter goes away', () => {
    const page = parsePageFile('# Title\n\nBody\n');
    page.frontmatter.data = { description: 'Short' };
    expect(serializePageFile(page)).toBe('---\ndescription: Short\n---\n\n# Title\n\nBody\n');
    const again = parsePageFile(serializePageFile(page));
    again.frontmatter.data = {};
    expect(serializePageFile(again)).toBe('# Title\n\nBody\n');
  });
});
