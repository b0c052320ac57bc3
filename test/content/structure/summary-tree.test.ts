// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { parseSummary } from '../../../src/content/summary.js';
import { parseSummaryCommonMark } from '../../../src/content/summary/parse.js';
import { summaryTree } from '../../../src/content/summary/tree.js';
import { ALL_CORPORA, listFiles, readCorpus } from './corpus.js';

/** A big summary in the shape bench/gen-corpus.mjs writes: groups of pages, some with sub-pages, some nested twice. */
function generateCorpusSummary(pages: number): string {
  const lines = ['# Table of contents', '', '* [Introduction](README.md)'];
  for (let i = 1; i <= pages; i++) {
    if (i % 50 === 1) lines.push('', `## Group ${Math.ceil(i / 50)}`, '');
    const depth = i % 10 === 0 ? 0 : i % 10 < 4 ? 1 : i % 10 < 6 ? 2 : 0;
    lines.push(`${'  '.repeat(depth)}* [Page ${i} title](group/page-${i}.md)`);
  }
  return `${lines.join('\n')}\n`;
}

const summaries = ALL_CORPORA.flatMap((corpus) => listFiles(corpus, (p) => p.endsWith('SUMMARY.md')).map((path) => readCorpus(corpus, path)));

/** The fast reader either declines or gives what micromark gives: same entries, same warnings and lines. */
function agrees(text: string): boolean {
  if (summaryTree(text) === null) return false;
  expect(parseSummary(text, { base: 'docs' }), text).toEqual(parseSummaryCommonMark(text, { base: 'docs' }));
  return true;
}

describe('the fast SUMMARY.md reader', () => {
  it('reads most corpus summaries, as micromark does', () => {
    const fast = summaries.filter(agrees);
    expect(fast.length).toBeGreaterThanOrEqual(summaries.length - 2);
  });

  it('reads a generated 1,000-page summary', () => {
    expect(agrees(generateCorpusSummary(1000))).toBe(true);
  });

  it('reads nesting by any indentation, bullet changes, groups, breaks and link titles as micromark does', () => {
    const cases = [
      '# Table of contents\n\n* [A](a.md)\n  * [B](b.md)\n    * [C](c.md)\n  * [D](d.md)\n* [E](e.md)\n',
      '* [A](a.md)\n    * [B](b.md)\n        * [C](c.md)\n   * [D](d.md)\n',
      '*   [A](a.md)\n  * [B](b.md)\n    * [C](c.md)\n',
      '- [A](a.md)\n+ [B](b.md)\n  * [C](c.md)\n  - [D](d.md)\n',
      '## Group <a href="#g" id="g"></a>\n\n* [A](a.md)\n\n***\n\n* [B](b.md "Short B")\n## Next\n* [C](c.md#part)\n',
      '* [A *em* _u_ & ! "q"](a.md)\n* [B](https://example.com/x?y=1)\n* [C](c.md)\n* [C again](c.md)\n* [Out](../../x.md)\n',
      '### Deep group\n* [A](a%20b.md)\n\n\n* [B](b/)\n___\n* [C]()\n',
    ];
    expect(cases.filter(agrees)).toEqual(cases);
  });

  it('declines what it does not read, and micromark reads it', () => {
    const declined = [
      '* [A](a.md)\n      * [Code](b.md)\n', // indented code
      '* [A](a.md)\nlazy text\n',
      'Title\n---\n* [A](a.md)\n',
      '* [A `b]`](a.md)\n',
      '* [A](<a b.md>)\n',
      '1. [A](a.md)\n',
      '## Closed ##\n',
      '* [A](a.md)\r\n',
      '\t* [A](a.md)\n',
      '* ```yaml\n  type: builtin:openapi\n  ```\n',
    ];
    expect(declined.filter((text) => summaryTree(text) !== null)).toEqual([]);
  });

  it('agrees with micromark on 600 mutated summaries whenever it reads one', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const mutations: Array<(line: string) => string> = [
      (line) => ' '.repeat(1 + Math.floor(random() * 4)) + line,
      (line) => line.replace(/^( *) {2}/, '$1'),
      (line) => line.replace(/^( *)[*+-]/, (_, s: string) => s + pick(['*', '+', '-'])),
      (line) => line.replace(/^( *)[*+-] /, (_, s: string) => `${s}* ${' '.repeat(Math.floor(random() * 4))}`),
      (line) => `${line}\n`,
      (line) => `${line}\n${pick(['***', '---', '___', '## Group', '# Title', 'text', '  more', '* [X](x.md)', '    * [Y](y.md)', '<!-- c -->'])}`,
      (line) => line.replace(/\[([^\]]*)\]/, (_, t: string) => `[${t}${pick(['*', '_', ' &amp;', '!', ' # x', ' \\*', '`'])}]`),
      (line) => line.replace(/\)\s*$/, pick([' "T")', ')  ', '#a)', ')x'])),
    ];
    const sources = [...summaries, generateCorpusSummary(120)];
    let read = 0;
    for (let n = 0; n < 600; n++) {
      const lines = pick(sources).split('\n');
      for (let k = 0; k < 1 + Math.floor(random() * 6); k++) {
        const i = Math.floor(random() * lines.length);
        lines[i] = pick(mutations)(lines[i]!);
      }
      if (agrees(lines.join('\n'))) read++;
    }
    expect(read).toBeGreaterThan(200);
  }, 120_000);
});
