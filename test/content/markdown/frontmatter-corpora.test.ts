// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { frontmatterYaml } from '../../../src/content/markdown/frontmatter-yaml.js';
import { markdownFiles } from '../../helpers/corpora.js';

const corpora = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpora');

describe('frontmatter written the way GitBook writes it, on its exports', () => {
  it('reproduces the frontmatter of the GitBook exports from their data alone', () => {
    const blocks = ['git-sync-normalization', 'public-docs', 'beefree-sdk-docs']
      .flatMap((name) => markdownFiles(join(corpora, name)))
      .filter((file) => !file.includes('/.gitbook/assets/'))
      .flatMap((file) => {
        const match = /^---\n([\s\S]*?\n)---\n/.exec(readFileSync(file, 'utf8'));
        return match ? [{ file: relative(corpora, file), yaml: match[1] as string }] : [];
      });
    expect(blocks.length).toBeGreaterThan(300);
    const differ = blocks.filter(({ yaml }) => frontmatterYaml(parse(yaml) as Record<string, unknown>) !== yaml).map(({ file }) => file);
    // The one exception keeps an 80-character description plain where every other export folds past 78.
    expect(differ).toEqual(['public-docs/documentation/account-and-billing/billing-faq/free-trial.md']);
  });
});
