// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownOf, parseMarkdown, parsePageFile } from '../../../src/content/index.js';
import { TextPlan } from '../../../src/domain/translations/text-plan.js';
import { keepHeadingAnchors, textRuns, wordCount } from '../../../src/domain/translations/text-runs.js';
import { markUntranslated, translatePageFile } from '../../../src/domain/translations/translate-content.js';
import { batches } from '../../../src/domain/translations/translators.js';
import { CORPORA } from '../../helpers/content.js';

const PAGE = `## Install the CLI

Run \`npm install\` then read [the guide](guide.md) or [https://example.com/docs](https://example.com/docs).

{% hint style="warning" %}
Keep **your token** secret: see [https://example.com](https://example.com).
{% endhint %}

{% tabs %}
{% tab title="macOS" %}
\`\`\`bash
brew install quire
\`\`\`
{% endtab %}
{% endtabs %}

| Option | Meaning |
| ------ | ------- |
| \`--json\` | Prints JSON |

<div align="center">Raw HTML stays</div>

$$
x = 1
$$

![A diagram](diagram.png)

42 — 7.
`;

/** Every markdown page of a corpus directory. */
function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name.startsWith('.') && name !== '.gitbook' ? [] : pages(path);
    return name.endsWith('.md') && name !== 'SUMMARY.md' ? [path] : [];
  });
}

describe('text runs', () => {
  it('are the prose text nodes: not code, URLs, HTML, math, attributes or punctuation', () => {
    const root = parseMarkdown(PAGE);
    expect(textRuns(root).map((r) => r.text)).toEqual([
      'Install the CLI',
      'Run ',
      ' then read ',
      'the guide',
      ' or ',
      'Keep ',
      'your token',
      ' secret: see ',
      'Option',
      'Meaning',
      'Prints JSON',
    ]);
  });

  it('change the tree where they were found, leaving everything else as written', () => {
    const root = parseMarkdown(PAGE);
    for (const run of textRuns(root)) run.set(run.text.toUpperCase());
    const out = markdownOf(root);
    expect(out).toContain('RUN `npm install` THEN READ [THE GUIDE](guide.md) OR [https://example.com/docs](https://example.com/docs).');
    expect(out).toContain('{% hint style="warning" %}\nKEEP **YOUR TOKEN** SECRET: SEE [https://example.com](https://example.com).\n{% endhint %}');
    expect(out).toContain('{% tab title="macOS" %}\n```bash\nbrew install quire\n```\n{% endtab %}');
    expect(out).toContain('| `--json` | PRINTS JSON |');
    expect(out).toContain('<div align="center">Raw HTML stays</div>');
    expect(out).toContain('$$\nx = 1\n$$');
    expect(out).toContain('![A diagram](diagram.png)');
    expect(out).toContain('42 — 7.');
  });

  it('keep the anchors of translated headings, and add none to unchanged ones', () => {
    const root = parseMarkdown('## Install\n\n## Install\n\n## Same\n\n## Custom <a href="#mine" id="mine"></a>\n');
    const restore = keepHeadingAnchors(root);
    for (const run of textRuns(root)) if (run.text !== 'Same') run.set(`Installer ${run.text}`);
    restore();
    expect(markdownOf(root)).toBe(
      '## Installer Install <a href="#install" id="install"></a>\n\n' +
        '## Installer Install <a href="#install-1" id="install-1"></a>\n\n' +
        '## Same\n\n' +
        '## Installer Custom <a href="#mine" id="mine"></a>\n',
    );
  });

  it('count words', () => {
    expect(wordCount('  Keep your   token — secret 2 ')).toBe(5);
  });
});

describe('the text plan', () => {
  it('sends each prose text once, trimmed, and puts the whitespace back', () => {
    const plan = new TextPlan();
    const a = plan.add(' then read ');
    const b = plan.add('then read');
    const c = plan.add(' — ');
    expect(plan.queries).toEqual(['then read']);
    plan.resolve(['puis lire']);
    expect([a(), b(), c()]).toEqual([' puis lire ', 'puis lire', ' — ']);
    expect(plan.words).toBe(2);
  });

  it('cuts glossary terms out (whole words only) and writes their target term', () => {
    const plan = new TextPlan([
      { source: 'Git Sync', target: 'Synchro Git' },
      { source: 'API', target: 'API' },
      { source: 'Git', target: 'Git' },
    ]);
    const text = plan.add('Use Git Sync with the API, not APIs or Git.');
    expect(plan.queries).toEqual(['Use', 'with the', ', not APIs or']);
    plan.resolve(['Utilisez', 'avec l’', ', pas des APIs ou']);
    expect(text()).toBe('Utilisez Synchro Git avec l’ API, pas des APIs ou Git.');
  });

  it('refuses an answer of the wrong length, and answers only once resolved', () => {
    const plan = new TextPlan();
    const text = plan.add('Hello');
    expect(() => text()).toThrow(/not translated yet/);
    expect(() => plan.resolve([])).toThrow(/returned 0 texts for 1/);
  });

  it('batches by count and characters', () => {
    expect([...batches(['aa', 'bb', 'cc', 'dddddd', 'e'], 2, 5)]).toEqual([['aa', 'bb'], ['cc'], ['dddddd'], ['e']]);
  });
});

describe('page files on real corpora', () => {
  const exports = pages(`${CORPORA}git-sync-normalization`);
  const files = [...exports, ...pages(`${CORPORA}public-docs`)];

  it('come back byte for byte from GitBook exports when the translator changes nothing', () => {
    for (const file of exports) {
      const text = readFileSync(file, 'utf8');
      const plan = new TextPlan();
      const write = translatePageFile(text, null, plan);
      plan.resolve(plan.queries);
      expect(write(), file).toBe(text);
    }
  });

  it('keep everything but the prose when translated: code, inline code, URLs, HTML, block syntax and attributes', () => {
    // The tree with prose blanked and anchors dropped: what a translation must leave alone.
    const shape = (text: string) => {
      const page = parsePageFile(text);
      const strip = (node: unknown): unknown => {
        if (Array.isArray(node)) return node.map(strip);
        if (!node || typeof node !== 'object') return node;
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(node)) {
          if (key === 'position' || (key === 'id' && (node as { type?: string }).type === 'heading')) continue;
          out[key] = key === 'value' && (node as { type?: string }).type === 'text' ? '' : strip(value);
        }
        return out;
      };
      return strip(page.body.children);
    };
    let translated = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const plan = new TextPlan();
      const write = translatePageFile(text, null, plan);
      plan.resolve(plan.queries.map((q) => `«${q}»`));
      const out = write();
      if (out !== text) translated++;
      expect(shape(out), file).toEqual(shape(text));
      if (plan.queries.length) expect(out, file).not.toBe(text);
    }
    expect(files.length).toBeGreaterThan(200);
    expect(translated).toBeGreaterThan(files.length * 0.9);
  }, 300_000);
});

describe('the untranslated mark', () => {
  it('joins existing frontmatter, or starts one, keeping the body as written', () => {
    expect(markUntranslated('---\ndescription: Hi\n---\n\n# Title\n\nBody.\n')).toBe(
      '---\ndescription: Hi\ntranslation: untranslated\n---\n\n# Title\n\nBody.\n',
    );
    expect(markUntranslated('# Title\n\nBody.\n')).toBe('---\ntranslation: untranslated\n---\n\n# Title\n\nBody.\n');
  });
});
