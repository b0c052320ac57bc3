import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHighlighter } from 'shiki';
import { describe, expect, it } from 'vitest';
import { grammarOf, highlight, THEMES, useHighlighter } from '../../src/site/render/highlight.js';
import { CORPORA, markdownFiles } from '../helpers/corpora.js';

describe('code highlighting', () => {
  it("gives Shiki's dual-theme HTML for every code block of the corpora, from one tokenization", async () => {
    const blocks: Array<[string, string]> = [];
    for (const file of ['public-docs', 'metalbear-docs'].flatMap((name) => markdownFiles(join(CORPORA, name)))) {
      for (const [, lang, code] of readFileSync(file, 'utf8').matchAll(/```([\w+-]+)[^\n]*\n([\s\S]*?)\n```/g)) {
        const grammar = grammarOf(lang);
        if (grammar) blocks.push([grammar, code as string]);
      }
    }
    const langs = [...new Set(blocks.map(([lang]) => lang))];
    expect(blocks.length).toBeGreaterThan(400);
    expect(langs.length).toBeGreaterThan(10);
    await useHighlighter(langs);
    const shiki = await createHighlighter({ themes: Object.values(THEMES), langs });
    const differ = blocks.filter(([lang, code]) => highlight(code, lang) !== shiki.codeToHtml(code, { lang, themes: THEMES, defaultColor: false }));
    expect(differ).toEqual([]);
  }, 120_000);
});
