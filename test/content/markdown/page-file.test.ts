import { describe, expect, it } from 'vitest';
import { parsePageFile, serializePageFile } from '../../../src/content/page-file.js';

describe('page files', () => {
  it('splits frontmatter and title, and writes them back byte for byte', () => {
    const text = '---\ndescription: >-\n  A long\n  description\nicon: book\n---\n\n# The title\n\nBody **text**.\n';
    const page = parsePageFile(text);
    expect(page.frontmatter.data).toEqual({ description: 'A long description', icon: 'book' });
    expect(page.title).toBe('The title');
    expect(page.body.children.map((c) => c.type)).toEqual(['paragraph']);
    expect(page.warnings).toEqual([]);
    expect(serializePageFile(page)).toBe(text);
  });

  it('writes new frontmatter and title when they changed', () => {
    const page = parsePageFile('---\nicon: book\n---\n\n# Old\n\nBody\n');
    page.frontmatter.data = { icon: 'star' };
    page.title = 'New';
    expect(serializePageFile(page)).toBe('---\nicon: star\n---\n\n# New\n\nBody\n');
  });

  it('malformed frontmatter gives a warning, empty data, and the same bytes back', () => {
    const text = '---\ndescription: a: b: [\n---\n\n# T\n';
    const page = parsePageFile(text);
    expect(page.frontmatter.data).toEqual({});
    expect(page.warnings[0]).toMatch(/frontmatter/);
    expect(serializePageFile(page)).toBe(text);
  });

  it('warns about NUL bytes without throwing', () => {
    expect(parsePageFile('a\u0000b\n').warnings[0]).toMatch(/NUL/);
  });

  it('handles pages without title or body', () => {
    expect(serializePageFile(parsePageFile(''))).toBe('');
    const page = parsePageFile('Just text.\n');
    expect(page.title).toBeNull();
    expect(serializePageFile(page)).toBe('Just text.\n');
  });
});
