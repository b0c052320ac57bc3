// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { parseDocsYaml, parseGitBookYaml, resolveSpacePaths } from '../../../src/content/gitbook-config.js';
import { readCorpus } from './corpus.js';

describe('parseGitBookYaml', () => {
  it('applies the defaults to an empty file (public-docs has a 0-byte one)', () => {
    for (const text of [readCorpus('public-docs', '.gitbook.yaml'), '', '\n\n', '# only a comment\n']) {
      expect(parseGitBookYaml(text)).toEqual({ root: './', readme: 'README.md', summary: 'SUMMARY.md', redirects: {}, warnings: [] });
    }
  });

  it('reads metalbear: `root: ./docs/`, structure.summary only, extension-less redirects', () => {
    const text = readCorpus('metalbear-docs', '.gitbook.yaml');
    const config = parseGitBookYaml(text);
    const redirectLines = (text.split('redirects:')[1] ?? '').match(/^ {2}[^ #][^:]*:/gm) ?? [];
    expect(config).toMatchObject({ root: './docs/', readme: 'README.md', summary: './SUMMARY.md', warnings: [] });
    expect(config.redirects['using-mirrord/vscode-extension']).toBe('installing-mirrord/vscode');
    expect(config.redirects['overview/teams']).toBe('getting-started/what-is-mirrord#mirrord-for-teams');
    expect(Object.keys(config.redirects).length).toBe(redirectLines.length);
    expect(redirectLines.length).toBeGreaterThan(30);
  });

  it('reads beefree: `root: ./` and redirects', () => {
    const config = parseGitBookYaml(readCorpus('beefree-sdk-docs', '.gitbook.yaml'));
    expect(config.root).toBe('./');
    expect(config.redirects['getting-started']).toBe('README.md');
    expect(config.warnings).toEqual([]);
  });

  it('strips zero-width spaces from keys and values (Adobe aep-sdks-documentation)', () => {
    const text = '\u200broot: ./\u200b\n\n\u200bstructure:\n  readme: README.md\u200b\n  \u200bsummary: SUMMARY.md\n\u200bredirects:\n  old\u200b: new.md\n';
    expect(parseGitBookYaml(text)).toEqual({ root: './', readme: 'README.md', summary: 'SUMMARY.md', redirects: { old: 'new.md' }, warnings: [] });
  });

  it('tolerates odd indentation, trailing spaces and tabs', () => {
    const text =
      'root: ./docs   \nstructure:   \n     readme: ../README.md   \n     summary: TOC.md\nredirects:\n\tfoo/: ./../changelog.md\n\t/ops/a#x: /operations/b.md#y\n';
    const config = parseGitBookYaml(text);
    expect(config).toMatchObject({ root: './docs', readme: '../README.md', summary: 'TOC.md', warnings: [] });
    expect(config.redirects).toEqual({ 'foo/': './../changelog.md', '/ops/a#x': '/operations/b.md#y' });
  });

  it('reads custom names and redirects-only files', () => {
    expect(parseGitBookYaml('structure:\n  summary: Table-of-Contents.md\n  readme: What-is-Pode.md\n')).toMatchObject({
      root: './',
      readme: 'What-is-Pode.md',
      summary: 'Table-of-Contents.md',
    });
    expect(parseGitBookYaml('redirects:\n  a: b.md\n')).toEqual({
      root: './',
      readme: 'README.md',
      summary: 'SUMMARY.md',
      redirects: { a: 'b.md' },
      warnings: [],
    });
  });

  it('never throws on invalid YAML: defaults and a warning', () => {
    for (const text of ['root: [unclosed\n', 'structure:\n  readme: a\n bad: indent\n  - x', ': : :', '- a\n- b\n', '"just a string"', 'root: &a [*a]\n']) {
      const config = parseGitBookYaml(text);
      expect(config).toMatchObject({ root: './', readme: 'README.md', summary: 'SUMMARY.md', redirects: {} });
      expect(config.warnings.length).toBeGreaterThan(0);
    }
  });

  it('warns about wrong types and unknown keys but keeps the rest', () => {
    const config = parseGitBookYaml('root: 42\nstructure: nope\nredirects:\n  a:\n  b: c.md\nextra: 1\n');
    expect(config).toMatchObject({ root: './', readme: 'README.md', redirects: { b: 'c.md' } });
    expect(config.warnings).toHaveLength(4);
  });
});

describe('resolveSpacePaths', () => {
  it('resolves structure relative to root, inside the space directory', () => {
    expect(resolveSpacePaths('', { root: './docs/', readme: 'README.md', summary: './product/SUMMARY.md' })).toEqual({
      root: 'docs',
      readme: 'docs/README.md',
      summary: 'docs/product/SUMMARY.md',
      warnings: [],
    });
    expect(resolveSpacePaths('documentation', { root: './', readme: 'README.md', summary: 'SUMMARY.md' })).toMatchObject({
      root: 'documentation',
      summary: 'documentation/SUMMARY.md',
    });
  });

  it('lets readme climb above root but not out of the repository', () => {
    expect(resolveSpacePaths('', { root: './docs', readme: '../README.md', summary: 'SUMMARY.md' })).toMatchObject({
      readme: 'README.md',
      warnings: [],
    });
    const out = resolveSpacePaths('', { root: './', readme: '../../etc/passwd', summary: 'SUMMARY.md' });
    expect(out.readme).toBe('README.md');
    expect(out.warnings[0]).toMatch(/outside the repository/);
  });

  it('keeps root inside the space directory (no sibling directories)', () => {
    const out = resolveSpacePaths('en', { root: '../esp', readme: 'README.md', summary: 'SUMMARY.md' });
    expect(out.root).toBe('en');
    expect(out.summary).toBe('en/SUMMARY.md');
    expect(out.warnings).toHaveLength(1);
  });
});

describe('parseDocsYaml', () => {
  const site = parseDocsYaml(readCorpus('public-docs', 'docs.yaml'));

  it('reads the public-docs site: 8 spaces, 5 synced', () => {
    expect(site.warnings).toEqual([]);
    expect(site.title).toBe('GitBook Documentation');
    expect(site.spaces.map((s) => s.key)).toEqual(['space-1', 'space-5', 'space-6', 'space-8', 'space-3', 'space-2', 'space-7', 'space-4']);
    expect(site.spaces.filter((s) => s.directory !== null).map((s) => s.directory)).toEqual(['documentation', 'developers', 'changelog', 'policies', 'guides']);
    expect(site.spaces[0]).toMatchObject({ title: '🇺🇸 English', path: 'gitbook-documentation', language: 'en', default: true, sectionKey: 'section-1' });
    expect(site.spaces[1]).toMatchObject({ directory: null, language: 'fr', default: false });
    expect(site.spaces.find((s) => s.key === 'space-4')).toMatchObject({ hidden: true, sectionKey: 'section-4', sectionGroupKeys: ['section-group-1'] });
  });

  it('keeps the structure tree with every field', () => {
    expect(site.structure.map((n) => [n.type, n.key])).toEqual([
      ['section', 'section-1'],
      ['section', 'section-3'],
      ['section-group', 'section-group-1'],
    ]);
    const group = site.structure[2];
    expect(group?.children.map((n) => n.key)).toEqual(['section-2', 'section-5', 'section-4', 'section-group-2']);
    expect(group?.children[3]?.raw.draft).toBe(true);
    expect(site.structure[0]?.raw.localizedTitle).toMatchObject({ ja: 'ドキュメント' });
  });

  it('resolves directories against the project directory, `/x` against the repository root', () => {
    const text =
      'site:\n  structure:\n    - type: space\n      key: a\n      content: {directory: ./en}\n    - type: space\n      key: b\n      content: {directory: /shared/b}\n    - type: space\n      key: c\n      content: {directory: es}\n    - type: space\n      key: d\n      content: {directory: ../../../x}\n';
    const parsed = parseDocsYaml(text, 'site');
    expect(parsed.spaces.map((s) => s.directory)).toEqual(['site/en', 'shared/b', 'site/es', null]);
    expect(parsed.warnings).toHaveLength(1);
  });

  it('warns about missing keys, duplicates and unknown types, and never throws', () => {
    const parsed = parseDocsYaml(
      'site:\n  structure:\n    - type: space\n      title: no key\n    - type: space\n      key: k\n    - type: space\n      key: k\n    - type: page\n      key: p\n',
    );
    expect(parsed.spaces.map((s) => s.key)).toEqual(['k']);
    expect(parsed.warnings).toHaveLength(3);
    for (const junk of ['', 'site: [', 'site: 3', '- 1', 'site:\n  structure: {a: 1}']) {
      expect(() => parseDocsYaml(junk)).not.toThrow();
    }
    expect(parseDocsYaml('site: [').warnings[0]).toMatch(/invalid YAML/);
  });
});
