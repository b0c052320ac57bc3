import { describe, expect, it } from 'vitest';
import { exportPaths } from '../../src/gitsync/export/paths.js';
import { summaryText } from '../../src/gitsync/export/summary.js';
import type { DocumentPage, RevisionContent, RevisionPage } from '../../src/model/index.js';

const doc = (id: string, title: string, slug: string, parentId: string | null, gitPath: string | null, path = slug): DocumentPage => ({
  id,
  kind: 'document',
  title,
  slug,
  path,
  parentId,
  hidden: false,
  blob: `blob-${id}`,
  git: gitPath ? { oid: `blob-${id}`, path: gitPath } : null,
});
const content = (pages: RevisionPage[]): RevisionContent => ({ pages, files: [], reusableContents: [], variables: {} });
const layout = { root: '', readme: 'README.md' };

describe('export paths', () => {
  const landing = doc('home', 'Home', 'readme', null, 'README.md', '');
  const group: RevisionPage = { id: 'g', kind: 'group', title: 'Get Started', slug: 'getting-started', path: 'getting-started', parentId: null, hidden: false };
  const quick = doc('quick', 'Quickstart', 'quickstart', 'g', 'getting-started/quickstart.md');
  const base = content([landing, group, quick]);

  it('keeps synced paths; places new pages by slug, landing children under readme/, -1 on a taken path', () => {
    const next = content([
      landing,
      doc('install', 'Install', 'install', 'home', 'README/install.md'),
      group,
      quick,
      doc('setup', 'Setup', 'setup', 'g', null),
      doc('faq', 'FAQ', 'faq', null, null),
    ]);
    const paths = exportPaths(next, base, layout, new Set(['README.md', 'getting-started/quickstart.md', 'faq.md']));
    expect(Object.fromEntries(paths.pages)).toEqual({
      home: 'README.md',
      install: 'readme/install.md',
      quick: 'getting-started/quickstart.md',
      setup: 'getting-started/setup.md',
      faq: 'faq-1.md',
    });
    expect(Object.fromEntries(paths.moved)).toEqual({ 'README/install.md': 'readme/install.md' });
  });

  it("turns a leaf that gains children into a folder README, and carries a moved page's children along", () => {
    const next = content([landing, group, quick, doc('step', 'Step', 'step', 'quick', 'getting-started/quickstart/step.md')]);
    const paths = exportPaths(next, base, layout, new Set(['README.md', 'getting-started/quickstart.md']));
    expect(paths.pages.get('quick')).toBe('getting-started/quickstart/README.md');
    expect(paths.pages.get('step')).toBe('getting-started/quickstart/step.md');

    const synced = content([landing, group, quick, doc('child', 'Child', 'child', 'quick', 'getting-started/quickstart/child.md')]);
    const moved = content([landing, { ...quick, parentId: null }, doc('child', 'Child', 'child', 'quick', 'getting-started/quickstart/child.md'), group]);
    const after = exportPaths(moved, synced, layout, new Set(['README.md', 'getting-started/quickstart.md', 'getting-started/quickstart/child.md']));
    expect(after.pages.get('quick')).toBe('quickstart/README.md');
    expect(after.pages.get('child')).toBe('quickstart/child.md');
  });

  it('de-duplicates new asset names with (n)', () => {
    const file = (id: string, path: string) => ({
      id,
      name: path.split('/').pop()!,
      contentType: 'image/png',
      size: 1,
      blob: `b${id}`,
      git: { oid: `b${id}`, path },
    });
    const next: RevisionContent = { ...content([landing]), files: [file('a', '.gitbook/assets/image.png'), file('b', '.gitbook/assets/image.png')] };
    const paths = exportPaths(next, content([landing]), layout, new Set(['README.md', '.gitbook/assets/image.png', '.gitbook/assets/image (1).png']));
    expect([...paths.files.values()]).toEqual(['.gitbook/assets/image (2).png', '.gitbook/assets/image (3).png']);
  });
});

describe('SUMMARY.md from a revision', () => {
  it("writes groups with their anchor only when the slug is not the title's, links, and untitled computed pages", () => {
    const pages: RevisionPage[] = [
      doc('home', 'Home', 'readme', null, 'docs/README.md', ''),
      { id: 'g', kind: 'group', title: 'Get Started', slug: 'getting-started', path: 'getting-started', parentId: null, hidden: false },
      { ...doc('a', 'A [beta]', 'a', 'g', 'docs/getting-started/a.md'), linkTitle: 'Short' },
      { id: 'l', kind: 'link', title: 'Site', slug: 'site', path: 'site', parentId: 'g', hidden: false, target: { kind: 'page', page: 'a', anchor: 'x' } },
      {
        id: 'c',
        kind: 'computed',
        title: 'Openapi',
        slug: 'openapi',
        path: 'openapi',
        parentId: 'a',
        hidden: false,
        source: 'builtin:openapi',
        props: { models: false },
        dependencies: {},
      },
      { id: 'h', kind: 'group', title: 'More', slug: 'more', path: 'more', parentId: null, hidden: false },
    ];
    const byId = new Map(pages.map((p) => [p.id, p]));
    const text = summaryText(pages, 'docs', (id) => {
      const p = byId.get(id);
      return p?.kind === 'document' ? p.git?.path : undefined;
    });
    expect(text).toBe(
      '# Table of contents\n\n* [Home](README.md)\n\n## Get Started <a href="#getting-started" id="getting-started"></a>\n\n' +
        '* [A \\[beta\\]](getting-started/a.md "Short")\n  * ```yaml\n    props:\n      models: false\n    type: builtin:openapi\n    dependencies: {}\n    ```\n' +
        '* [Site](getting-started/a.md#x)\n\n## More\n',
    );
  });
});
