// The markdown limits: one linear scan, before any parse, with an error naming the limit.
import { describe, expect, it } from 'vitest';
import { MARKDOWN_LIMITS, markdownLimitProblem } from '../../src/content/limits.js';
import { parsePage } from '../../src/content/page-parse.js';
import { checkMarkdownLimits } from '../../src/domain/content-writes/page-file-parse.js';
import { DomainError } from '../../src/domain/core/errors.js';
import { pageRoot } from '../../src/site/render/page-body.js';
import type { DocumentPage } from '../../src/model/index.js';

const { maxPageBytes, maxNestingDepth } = MARKDOWN_LIMITS;

describe('markdownLimitProblem', () => {
  it('refuses a page over the size limit with 413, counting UTF-8 bytes', () => {
    expect(markdownLimitProblem('a'.repeat(maxPageBytes))).toBeNull();
    expect(markdownLimitProblem('a'.repeat(maxPageBytes + 1))).toEqual({
      kind: 'too-large',
      message: `is ${maxPageBytes + 1} bytes; a page may have at most ${maxPageBytes} bytes (1 MiB)`,
    });
    const wide = 'é'.repeat(maxPageBytes / 2 + 1); // 2 bytes each
    expect(markdownLimitProblem(wide)?.message).toMatch(new RegExp(`^is ${maxPageBytes + 2} bytes; .*at most ${maxPageBytes} bytes`));
  });

  it('refuses lists and block quotes nested deeper than the limit with 400, naming the line', () => {
    const indented = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    expect(markdownLimitProblem(indented(maxNestingDepth))).toBeNull();
    expect(markdownLimitProblem(`# Title\n\n${indented(40)}`)).toEqual({
      kind: 'invalid',
      message: `line 35 nests lists or block quotes 33 deep; at most ${maxNestingDepth} levels are allowed`,
    });
    expect(markdownLimitProblem(`${'- '.repeat(2000)}x`)?.message).toMatch(/^line 1 nests lists or block quotes 2000 deep/);
    expect(markdownLimitProblem(`${'> '.repeat(maxNestingDepth + 1)}quote`)?.kind).toBe('invalid');
    expect(markdownLimitProblem(`${'1. '.repeat(maxNestingDepth + 1)}x\r\n`)?.kind).toBe('invalid');
  });

  it('accepts ordinary pages: fenced code, thematic breaks and deep indentation that is not nesting', () => {
    const page = [
      '# Page',
      '',
      '- a',
      '  - b',
      '    1. c',
      '',
      '> quote',
      '> > inner',
      '',
      '* * *',
      '',
      '```yaml',
      `${' '.repeat(200)}- deep: yaml`,
      '```',
      '',
      `${' '.repeat(120)}text`,
      '',
    ].join('\n');
    expect(markdownLimitProblem(page)).toBeNull();
  });
});

describe('the limits where markdown comes in', () => {
  it('an API write gets a DomainError naming the field and the limit', () => {
    const check = () => checkMarkdownLimits(`${'- '.repeat(100)}x`, 'changes[0].document.markdown');
    expect(check).toThrow(DomainError);
    expect(check).toThrow(/^changes\[0\]\.document\.markdown: line 1 nests lists or block quotes 100 deep; at most 32 levels/);
    try {
      checkMarkdownLimits('x'.repeat(maxPageBytes + 1), 'url');
    } catch (error) {
      expect((error as DomainError).kind).toBe('too-large');
      expect((error as Error).message).toMatch(/^url: .*at most 1048576 bytes/);
    }
  });

  it('a synced page over the limits is kept (not parsed) with a warning naming the file', () => {
    const bytes = new TextEncoder().encode(`# Deep\n\n${'> '.repeat(500)}x\n`);
    const parsed = parsePage({ oid: 'oid', path: 'guide/deep.md', spaceRoot: '', bytes });
    expect(parsed.data.warnings).toEqual([
      expect.stringMatching(/^guide\/deep\.md: line 3 nests lists or block quotes 500 deep; .*kept as written but not parsed/),
    ]);
    expect(parsed.sections).toEqual([]);
    expect(parsed.body).toBeUndefined();
  });
});

describe('a site page whose markdown cannot be read', () => {
  const page = { id: 'p', kind: 'document', title: 'Deep', slug: 'deep', path: 'deep', parentId: null, hidden: false, blob: 'b' } as DocumentPage;
  const text = (root: ReturnType<typeof pageRoot>['root']) => JSON.stringify(root.children);

  it('renders a notice instead of parsing markdown over the limits', () => {
    expect(text(pageRoot(page, { text: `${'> '.repeat(100)}x\n` }).root)).toMatch(
      /This page is not shown: its markdown line 1 nests lists or block quotes 100 deep/,
    );
  });

  it('renders a notice instead of failing the build when inline nesting is too deep to read', () => {
    const { root } = pageRoot(page, { text: `${'*a '.repeat(20_000)}x${' b*'.repeat(20_000)}\n` });
    expect(text(root)).toMatch(/This page is not shown: its markdown could not be read/);
  });
});

describe('the off-thread parser', () => {
  it('stops a page at the time limit, and a page kept waiting for a busy parser gets a 503, not an endless queue', async () => {
    const { parsePageFileOffThread } = await import('../../src/domain/content-writes/page-file-parse');
    const quadratic = `${'*a '.repeat(20_000)}x${' b*'.repeat(20_000)}\n`;
    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => parsePageFileOffThread(quadratic, `page ${n}`)));
    const errors = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as DomainError) : null));
    expect(errors.map((e) => e?.kind).sort()).toEqual(['invalid', 'invalid', 'unavailable']);
    expect(errors.find((e) => e?.kind === 'invalid')?.message).toMatch(/^page \d: the markdown took more than 10 s to parse/);
    expect(errors.find((e) => e?.kind === 'unavailable')?.message).toMatch(/busy/);
    // The pool recovers: an ordinary page parses at once.
    expect((await parsePageFileOffThread('# Fine\n\nText.\n', 'page 4')).title).toBe('Fine');
  }, 60_000);
});
