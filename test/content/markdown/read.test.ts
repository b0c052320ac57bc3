// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from '../../../src/content/frontmatter.js';
import { parseMarkdown, readMarkdown } from '../../../src/content/markdown/index.js';
import { CORPORA, markdownFiles } from '../../helpers/corpora.js';

/** The tree without what only the markdown writer reads: positions and destinations as written. */
function readable(root: Root): unknown {
  return JSON.parse(
    JSON.stringify(root, (key, value) => {
      if (key === 'position') return undefined;
      if (key === 'data' && value && Object.keys(value).every((k) => k === 'sourceDestination')) return undefined;
      if (key === 'sourceDestination') return undefined;
      return value;
    }),
  );
}

const same = (markdown: string) => expect(readable(readMarkdown(markdown))).toEqual(readable(parseMarkdown(markdown)));

describe('readMarkdown reads what parseMarkdown parses', () => {
  it('every page of every corpus', () => {
    const files = ['git-sync-normalization', 'public-docs', 'beefree-sdk-docs', 'metalbear-docs'].flatMap((name) => markdownFiles(join(CORPORA, name)));
    expect(files.length).toBeGreaterThan(600);
    const differ = files.filter((file) => {
      const body = splitFrontmatter(readFileSync(file, 'utf8')).body;
      return !isDeepStrictEqual(readable(readMarkdown(body)), readable(parseMarkdown(body)));
    });
    expect(differ).toEqual([]);
  });

  it('GitBook blocks, nested in lists, quotes and each other', () => {
    same('{% tabs %}\n{% tab title="A" %}\n{% hint style="info" %}\nIn a tab.\n{% endhint %}\n{% endtab %}\n{% endtabs %}\n');
    same('* item\n\n  {% hint style="warning" %}\n  In a list.\n  {% endhint %}\n* next\n');
    same('> {% code title="a.js" %}\n> ```js\n> x\n> ```\n> {% endcode %}\n');
    same(
      'Text right above\n{% endhint %}\n\n{% embed url="https://x.test" %}\n\n<figure><img src="a.png" alt=""><figcaption></figcaption></figure>\n{% endstep %}\n',
    );
    same('<details>\n\n<summary>More</summary>\n\nHidden **text**.\n\n</details>\n\n## Title <a href="#custom" id="custom"></a>\n');
  });

  it('GFM: tables with padded, short and long rows, tasks, footnotes and strikethrough of one or two tildes', () => {
    same('| a  |  b | c |\n| -- | :-: | --: |\n|  1 |\n| `x \\| y` | 2 | 3 | 4 |\n');
    same('- [ ] open\n- [x] done *now*\n- [ ]\n  next line\n- [x]\n');
    same('A note[^1] and another[^note].\n\n[^1]: First.\n[^note]: Second,\n    continued.\n');
    same('~one~ and ~~two~~ and ~~~three~~~ and ~~mixed~\n');
  });

  it('math, code spans across lines, hard breaks and empty paragraphs', () => {
    same('$$\nx^2\n$$\n\nInline $$a + b$$  \nand `code\nspan` and ``a ` b``.\n\n$$y$$ \n');
    same('Ends with a break\\\n\n\n\nafter two empty paragraphs\n\n$$ m\nx\n');
    same('Setext\n===\n\n    indented code\n\n***\n\n1) one\n2) two\n\n3. three\n\n\n4. four\n');
  });

  it('leaves link reference definitions and CR line endings to parseMarkdown, which keeps them', () => {
    const references = readMarkdown('[a][ref] and [ref]\n\n[ref]: https://x.test "T"\n');
    expect(references.children.map((node) => node.type)).toEqual(['paragraph', 'definition']);
    same('[a][ref]\n\n[ref]: https://x.test\n');
    same('line one\r\nline two\r\n');
  });
});
