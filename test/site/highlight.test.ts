import { readFileSync } from 'node:fs';
import { createHighlighter } from 'shiki';
import { describe, expect, it } from 'vitest';
import { grammarOf, highlight, highlightOnceForTest, THEMES, useHighlighter } from '../../src/site/render/highlight.js';
import { CORPORA, markdownFiles } from '../helpers/corpora.js';

describe('code highlighting', () => {
  it("gives Shiki's dual-theme HTML for every code block of the corpora, from one tokenization", async () => {
    const blocks: Array<[string, string]> = [];
    for (const file of markdownFiles(CORPORA)) {
      for (const [, lang, code] of readFileSync(file, 'utf8').matchAll(/```([\w+-]+)[^\n]*\n([\s\S]*?)\n```/g)) {
        const grammar = grammarOf(lang);
        if (grammar) blocks.push([grammar, code as string]);
      }
    }
    blocks.push(
      ['javascript', 'if (a < b && c > d) {\n\tconst s = "<b>&amp;</b>";   \n\n}\n'],
      ['html', '<a href="x?a=1&b=2">\n  <!-- comment -->\n</a>'],
      ['bash', ''],
      ['python', '   \n\t\n  x = 1  # trailing   '],
      ['markdown', '~~struck~~ and __under__ *em* **strong**\n\n    indented'],
    );
    const langs = [...new Set(blocks.map(([lang]) => lang))];
    expect(blocks.length).toBeGreaterThan(400);
    expect(langs.length).toBeGreaterThan(10);
    await useHighlighter(langs);
    const shiki = await createHighlighter({ themes: Object.values(THEMES), langs });
    const differ = blocks.filter(([lang, code]) => {
      const expected = shiki.codeToHtml(code, { lang, themes: THEMES, defaultColor: false });
      return highlightOnceForTest(code, lang) !== expected || highlight(code, lang) !== expected;
    });
    expect(differ).toEqual([]);
  }, 120_000);
});
