// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { parseSummary, serializeSummary, type SummaryEntry, type SummaryItem } from '../../../src/content/summary.js';
import { ALL_CORPORA, GITBOOK_EXPORTS, corpusPath, listFiles, omittedFiles, readCorpus } from './corpus.js';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';

const summaries = ALL_CORPORA.flatMap((corpus) => listFiles(corpus, (p) => p.endsWith('SUMMARY.md')).map((path) => ({ corpus, path })));

function flatten(items: SummaryItem[]): SummaryItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children)]);
}

function only<K extends SummaryItem['kind']>(items: SummaryItem[], kind: K): Array<Extract<SummaryItem, { kind: K }>> {
  return flatten(items).filter((item): item is Extract<SummaryItem, { kind: K }> => item.kind === kind);
}

/** Counted from the text alone: bullet lines whose link is a relative `.md` file without an anchor. */
function countPageBullets(text: string): number {
  const paths = [...text.matchAll(/^\s*[*+-] \[(?:\\.|[^\]\\])*\]\(<?([^)#\s>]+\.md)>?(?: "[^"]*")?\)\s*$/gm)].map((m) => m[1]);
  return new Set(paths).size;
}

describe('SUMMARY.md of every corpus', () => {
  it('finds the summaries', () => {
    expect(summaries.length).toBe(8); // 5 public-docs spaces, beefree, git-sync-normalization, metalbear
  });

  for (const { corpus, path } of summaries) {
    describe(`${corpus}/${path}`, () => {
      const text = readCorpus(corpus, path);
      const { items, warnings } = parseSummary(text);

      it('parses without warnings', () => {
        expect(warnings).toEqual([]);
      });

      it('has as many pages as page bullets in the text', () => {
        expect(only(items, 'page').length).toBe(countPageBullets(text));
        expect(only(items, 'page').length).toBeGreaterThan(0);
      });

      it('has as many link and computed items as the text', () => {
        const links = [...text.matchAll(/^\s*[*+-] \[[^\n]*\]\((?:https?:|[^)\s]*#)/gm)].length;
        const fences = [...text.matchAll(/^\s*[*+-] ```yaml$/gm)].length;
        expect(only(items, 'link').length).toBe(links);
        expect(only(items, 'computed').length).toBe(fences);
        expect(only(items, 'group').length).toBe([...text.matchAll(/^## /gm)].length);
      });

      it('points at files that exist', () => {
        const base = dirname(corpusPath(corpus, path));
        const omitted = omittedFiles(corpus);
        const dir = dirname(path) === '.' ? '' : `${dirname(path)}/`;
        const missing = only(items, 'page').filter((page) => !existsSync(`${base}/${page.path}`) && !omitted.has(`${dir}${page.path}`));
        expect(missing.map((p) => p.path)).toEqual([]);
      });

      if ((GITBOOK_EXPORTS as readonly string[]).includes(corpus) || corpus === 'metalbear-docs') {
        it('serialises back byte for byte', () => {
          expect(serializeSummary(items)).toBe(text);
        });
      }
    });
  }

  it('reads the public-docs details: group slugs, link titles, escapes, anchors, cross-space links, computed', () => {
    const doc = parseSummary(readCorpus('public-docs', 'documentation/SUMMARY.md')).items;
    const groups = only(doc, 'group');
    expect(groups[0]).toMatchObject({ title: 'Get Started', slug: 'getting-started' });
    expect(groups[1]).toMatchObject({ title: 'Create content' });
    expect(groups[1]?.slug).toBeUndefined();
    expect(only(doc, 'page').find((p) => p.path === 'docs-as-code/ai-coding-assistants-and-skillmd.md')).toMatchObject({
      title: 'Agent skills',
      linkTitle: 'Agent skills',
    });
    const links = only(doc, 'link');
    expect(links.find((l) => l.title === 'Buttons')?.target).toEqual({ path: 'create-content/formatting/inline.md', anchor: 'buttons' });
    expect(links.find((l) => l.title === 'Custom blocks')?.target).toEqual({
      url: 'https://app.gitbook.com/s/2SyQSbIa1iYS7z6Dx5di/integrations/quickstart',
    });
    // `***` closes the last group: the Skill page is top level.
    expect(doc[doc.length - 1]).toMatchObject({ kind: 'page', title: 'Skill', path: 'skill/README.md' });

    const guides = only(parseSummary(readCorpus('public-docs', 'guides/SUMMARY.md')).items, 'page');
    expect(guides.map((p) => p.title)).toContain('The complete guide to creating and publishing documentation in GitBook [updated for 2026]');

    const dev = parseSummary(readCorpus('public-docs', 'developers/SUMMARY.md')).items;
    const [computed] = only(dev, 'computed');
    expect(computed).toMatchObject({
      source: 'builtin:openapi',
      props: { models: false, downloadLink: true, grouping: 'by-operation' },
      dependencies: { spec: { ref: { kind: 'openapi', spec: 'gitbook' } } },
    });
    expect(computed?.raw.startsWith('props:\n  models: false\n')).toBe(true);
    const apiRef = only(dev, 'page').find((p) => p.path === 'gitbook-api/api-reference/README.md');
    expect(apiRef?.children[0]?.kind).toBe('computed');
  });
});

describe('parseSummary on hand-written input', () => {
  const titles = (entries: SummaryEntry[]): unknown[] =>
    entries.map((e) => (e.children.length ? [e.kind === 'computed' ? e.source : e.title, titles(e.children)] : e.kind === 'computed' ? e.source : e.title));

  it('accepts `-` and `+` bullets, 4-space and tab indents, `# Summary`', () => {
    const text = ['# Summary', '', '- [Intro](README.md)', '    - [A](a/README.md)', '        - [A1](a/one.md)', '+ [B](b.md)', '\t* [B1](b/one.md)', ''].join(
      '\n',
    );
    const { items, warnings } = parseSummary(text);
    expect(warnings).toEqual([]);
    expect(titles(items as SummaryEntry[])).toEqual([
      ['Intro', [['A', ['A1']]]],
      ['B', ['B1']],
    ]);
    expect(serializeSummary(items)).toBe(
      '# Table of contents\n\n* [Intro](README.md)\n  * [A](a/README.md)\n    * [A1](a/one.md)\n* [B](b.md)\n  * [B1](b/one.md)\n',
    );
  });

  it('decodes destinations: angle brackets, %20, ./, directory links', () => {
    const { items } = parseSummary('* [Spaces](<my page.md>)\n* [Enc](my%20other.md)\n* [Dot](./x/../y.md)\n* [Dir](folder/)\n');
    expect(only(items, 'page').map((p) => p.path)).toEqual(['my page.md', 'my other.md', 'y.md', 'folder/README.md']);
    expect(serializeSummary(items)).toContain('* [Spaces](<my page.md>)');
  });

  it('turns duplicates and escaping paths into warnings, keeping their children', () => {
    const { items, warnings } = parseSummary('* [A](a.md)\n* [A again](a.md)\n  * [Child](c.md)\n* [Evil](../../etc/passwd.md)\n* [Plain text item]\n');
    expect(only(items, 'page').map((p) => p.path)).toEqual(['a.md', 'c.md']);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/line 2: duplicate page "a.md"/);
    expect(warnings[1]).toMatch(/outside the repository/);
  });

  it('lets paths climb out of the summary directory up to the repository root when given a base', () => {
    const { items, warnings } = parseSummary('* [Home](../README.md)\n* [Out](../../x.md)\n', { base: 'docs' });
    expect(only(items, 'page').map((p) => p.path)).toEqual(['../README.md']);
    expect(warnings).toHaveLength(1);
  });

  it('reads link pages and file links, and a destination with spaces leniently', () => {
    const { items, warnings } = parseSummary('* [Site](https://example.com/x)\n* [Spec](assets/spec.yaml)\n* [Loose](my file.md)\n');
    expect(only(items, 'link').map((l) => l.target)).toEqual([{ url: 'https://example.com/x' }, { path: 'assets/spec.yaml' }]);
    expect(only(items, 'page').map((p) => p.path)).toEqual(['my file.md']);
    expect(warnings).toHaveLength(1);
  });

  it('never throws on junk', () => {
    for (const junk of ['', '\u0000', '* ```yaml\n  : : :\n  ```\n', '## \n\n***\n***\n', '* [x](', '> quote\n\n| a |\n|---|\n']) {
      expect(() => parseSummary(junk)).not.toThrow();
    }
    expect(parseSummary('* ```yaml\n  a: [\n  ```\n').warnings[0]).toMatch(/invalid YAML/);
  });

  it('serialises groups, `***` and empty groups in canonical form', () => {
    const items: SummaryItem[] = [
      { kind: 'page', title: 'Home', path: 'README.md', children: [] },
      {
        kind: 'group',
        title: 'Guide [beta]',
        slug: 'guide',
        children: [{ kind: 'page', title: 'One', path: 'guide/one.md', linkTitle: 'Say "one"', children: [] }],
      },
      { kind: 'group', title: 'Empty', children: [] },
      { kind: 'link', title: 'Out', target: { path: 'guide/one.md', anchor: 'top' }, children: [] },
    ];
    const text = serializeSummary(items);
    expect(text).toBe(
      '# Table of contents\n\n* [Home](README.md)\n\n## Guide \\[beta\\] <a href="#guide" id="guide"></a>\n\n' +
        '* [One](guide/one.md "Say \\"one\\"")\n\n## Empty\n\n***\n\n* [Out](guide/one.md#top)\n',
    );
    expect(parseSummary(text).items).toEqual(items);
  });

  it('round-trips awkward paths and titles through serialise -> parse', () => {
    const items: SummaryItem[] = [
      {
        kind: 'page',
        title: 'Back\\slash *star* [x]',
        path: 'a b/c#d 100%.md',
        children: [
          { kind: 'link', title: 'Anchor', target: { path: 'a b/c#d 100%.md', anchor: 'sec' }, linkTitle: 'Short', children: [] },
          { kind: 'page', title: 'Ünïcode 中文', path: 'ünï/中文 (1).md', children: [] },
        ],
      },
    ];
    const { items: back, warnings } = parseSummary(serializeSummary(items));
    expect(warnings).toEqual([]);
    expect(back).toEqual(items);
  });
});
