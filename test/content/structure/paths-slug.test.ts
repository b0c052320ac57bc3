// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { decodePath, extname, joinPath, normalizePath, relativeTo, resolveRelative, splitAnchor } from '../../../src/content/paths.js';
import { HeadingSlugger, pageSlug, slugify, uniqueSlug } from '../../../src/content/slug.js';
import { parseSummary } from '../../../src/content/summary.js';
import { readCorpus } from './corpus.js';

describe('paths', () => {
  it('normalises and refuses to leave the root', () => {
    expect(normalizePath('./a//b/./c/../d.md')).toBe('a/b/d.md');
    expect(normalizePath('../x')).toBeNull();
    expect(normalizePath('a/../../x')).toBeNull();
    expect(joinPath('docs', './', '../README.md')).toBe('README.md');
    expect(joinPath('', '../../etc/passwd')).toBeNull();
  });

  it('resolves references from a page file', () => {
    expect(resolveRelative('a/b/page.md', '../c.md')).toBe('a/c.md');
    expect(resolveRelative('a/b/page.md', '../../.gitbook/assets/hero%20(1).png')).toBe('.gitbook/assets/hero (1).png');
    expect(resolveRelative('a/page.md', './sub/')).toBe('a/sub/');
    expect(resolveRelative('a/page.md', '/top.md', 'space')).toBe('space/top.md');
    expect(resolveRelative('page.md', '../../x.md')).toBeNull();
    expect(relativeTo('a/b/page.md', 'a/c/x.md')).toBe('../c/x.md');
    expect(relativeTo('page.md', '.gitbook/assets/x.png')).toBe('.gitbook/assets/x.png');
  });

  it('splits anchors and decodes safely', () => {
    expect(splitAnchor('x.md#Some%20Id')).toEqual({ path: 'x.md', anchor: 'Some Id' });
    expect(splitAnchor('x.md#')).toEqual({ path: 'x.md' });
    expect(splitAnchor('x.md?a=1#b')).toEqual({ path: 'x.md', anchor: 'b' });
    expect(decodePath('bad%zz/ok%20x')).toBe('bad%zz/ok x');
    expect(extname('a/B.MD')).toBe('.md');
    expect(extname('.gitbook/assets/Actions Menu')).toBe('');
  });
});

describe('slugs', () => {
  it('folds, lowercases and drops punctuation like GitBook', () => {
    expect(slugify('Introducción')).toBe('introduccion');
    expect(slugify('Math & TeX')).toBe('math-and-tex');
    expect(slugify("Analyze change request contributors with GitBook's API")).toBe('analyze-change-request-contributors-with-gitbooks-api');
    expect(slugify('Vue.js No-code Email Builder')).toBe('vue.js-no-code-email-builder');
    expect(slugify('WSL (deprecated)')).toBe('wsl-deprecated');
    expect(pageSlug('中文')).toBe('untitled');
  });

  it('matches most leaf file names of the GitBook exports (renamed titles keep their old slug)', () => {
    let same = 0;
    let total = 0;
    for (const path of ['public-docs/guides', 'public-docs/policies', 'beefree-sdk-docs', 'git-sync-normalization']) {
      const stack = [...parseSummary(readCorpus(path, 'SUMMARY.md')).items];
      for (let item = stack.pop(); item; item = stack.pop()) {
        stack.push(...item.children);
        if (item.kind !== 'page' || item.path.endsWith('README.md')) continue;
        total++;
        if (item.path.split('/').pop() === `${slugify(item.title)}.md`) same++;
      }
    }
    expect(total).toBeGreaterThan(200);
    expect(same / total).toBeGreaterThan(0.75);
  });

  it('de-duplicates with -1, -2', () => {
    const taken = new Set(['intro']);
    expect(uniqueSlug('intro', taken)).toBe('intro-1');
    expect(uniqueSlug('intro', taken)).toBe('intro-2');
    expect(uniqueSlug('other', taken)).toBe('other');
  });

  it('gives GitBook-style heading ids by default, GitHub-style on request, respecting explicit anchors', () => {
    const slugger = new HeadingSlugger();
    slugger.reserve('setup');
    expect(slugger.id('Setup')).toBe('setup-1');
    expect(slugger.id('1. Create a Vue 3 App')).toBe('id-1.-create-a-vue-3-app');
    expect(slugger.id('Video #2: Quickstart Guide: Vue.js  Builder')).toBe('video-2-quickstart-guide-vue.js-builder');
    expect(slugger.id('Dialogs | March 2025')).toBe('dialogs-or-march-2025');
    expect(slugger.id('Anything', 'a4x6dcwkpxm')).toBe('a4x6dcwkpxm');
    expect(slugger.id('a4x6dcwkpxm')).toBe('a4x6dcwkpxm-1');

    const github = new HeadingSlugger('github');
    github.reserve('setup');
    expect(github.id('Setup')).toBe('setup-1');
    expect(github.id('Hello, World!')).toBe('hello-world');
    expect(github.id('Hello World')).toBe('hello-world-1');
    expect(github.id('Video #3:  Guide')).toBe('video-3--guide');
  });
});
