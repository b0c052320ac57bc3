/**
 * The two markdown readers give one tree: micromark (`parseMarkdown`, what the API edits and writes back) and the
 * fast markdown-it reader (`readMarkdown`, the importer's and the site build's). Generated pages, from a fixed seed:
 * every block kind, nested in lists, quotes and GitBook containers, with marks, escapes, CJK and zero-width text.
 * The same pages also come back byte for byte from the write-back when nothing changed. Both parsers (and the
 * writer) are pinned to exact versions in package.json: an upgrade is a deliberate change, checked here.
 */
import fc from 'fast-check';
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, readMarkdown, writeBack } from '../../../src/content/markdown/index.js';

/** Fixed, so CI is repeatable; PROPERTY_SEED explores others. */
const SEED = Number(process.env.PROPERTY_SEED ?? 1919);

/** The tree without what only the writer reads: positions and how destinations and tags were written. */
function readable(root: Root): unknown {
  return JSON.parse(
    JSON.stringify(root, (key, value) => {
      if (key === 'position' || key === 'sourceDestination' || key === 'sourceTag') return undefined;
      if (key === 'data' && value && Object.keys(value).every((k) => k === 'sourceDestination' || k === 'sourceTag')) return undefined;
      return value;
    }),
  );
}

const word = fc.constantFrom(
  'docs',
  'GitBook',
  '文档',
  '설정',
  'naïve',
  'zero\u200Bwidth',
  'a_b',
  'x*y',
  '2 < 3',
  'AT&T',
  'café',
  '`tick`',
  '1.',
  '\\*',
  'end.',
);
const text = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));
const inline = fc.oneof(
  text,
  text.map((t) => `**${t}**`),
  text.map((t) => `_${t}_`),
  text.map((t) => `~~${t}~~`),
  text.map((t) => `\`${t.replace(/`/g, '')}\``),
  text.map((t) => `[${t.replace(/[[\]]/g, '')}](https://example.com/${encodeURIComponent(t)})`),
  text.map((t) => `<mark style="color:red;">${t.replace(/[<>&]/g, '')}</mark>`),
  fc.constant('$$x^2$$'),
);
const line = fc.array(inline, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
const paragraph = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));

const indent = (block: string, prefix: string, first = prefix) =>
  block
    .split('\n')
    .map((l, i) => (l === '' ? prefix.trimEnd() : (i === 0 ? first : prefix) + l))
    .join('\n');

const block: fc.Memo<string> = fc.memo((depth) => {
  const leaf = fc.oneof(
    paragraph,
    fc.tuple(fc.integer({ min: 2, max: 4 }), line).map(([level, t]) => `${'#'.repeat(level)} ${t}`),
    fc
      .tuple(fc.constantFrom('js', 'bash', ''), fc.array(text, { minLength: 1, maxLength: 3 }))
      .map(([lang, lines]) => `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``),
    fc
      .array(fc.tuple(text, text), { minLength: 1, maxLength: 3 })
      .map((rows) => `| A | B |\n| - | - |\n${rows.map(([a, b]) => `| ${a.replace(/\|/g, '')} | ${b.replace(/\|/g, '')} |`).join('\n')}`),
    fc.constant('$$\n\\frac{a}{b}\n$$'),
    fc.constant('***'),
    text.map((t) => `{% embed url="https://example.com/${encodeURIComponent(t)}" %}`),
    fc.constant('<figure><img src="a.png" alt=""><figcaption></figcaption></figure>'),
  );
  if (depth <= 1) return leaf;
  const inner = fc.array(block(depth - 1), { minLength: 1, maxLength: 3 }).map((blocks) => blocks.join('\n\n'));
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    inner.map((b) => `{% hint style="info" %}\n${b}\n{% endhint %}`),
    fc
      .array(fc.tuple(text, inner), { minLength: 1, maxLength: 2 })
      .map((tabs) => `{% tabs %}\n${tabs.map(([title, b]) => `{% tab title="${title.replace(/"/g, '')}" %}\n${b}\n{% endtab %}`).join('\n\n')}\n{% endtabs %}`),
    fc
      .array(inner, { minLength: 1, maxLength: 2 })
      .map((steps) => `{% stepper %}\n${steps.map((b) => `{% step %}\n${b}\n{% endstep %}`).join('\n')}\n{% endstepper %}`),
    fc.tuple(text, inner).map(([summary, b]) => `<details>\n\n<summary>${summary.replace(/[<>&]/g, '')}</summary>\n\n${b}\n\n</details>`),
    inner.map((b) => indent(b, '> ')),
    fc
      .tuple(fc.constantFrom('* ', '- ', '1. '), fc.array(inner, { minLength: 1, maxLength: 3 }))
      .map(([marker, items]) => items.map((b, i) => indent(b, ' '.repeat(marker.length), marker === '1. ' ? `${i + 1}. ` : marker)).join('\n')),
  );
});

const page = fc.array(block(3), { minLength: 1, maxLength: 6 }).map((blocks) => `${blocks.join('\n\n')}\n`);

describe('generated pages', () => {
  it('read as one tree by micromark and by the markdown-it reader', () => {
    fc.assert(
      fc.property(page, (markdown) => {
        expect(readable(readMarkdown(markdown))).toEqual(readable(parseMarkdown(markdown)));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('come back byte for byte from the write-back when nothing changed', () => {
    fc.assert(
      fc.property(page, (markdown) => {
        const root = parseMarkdown(markdown);
        expect(writeBack(structuredClone(root), { text: markdown, root })).toBe(markdown);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
