// Spaces with real content for the content API tests: pages and files of a corpus in ../shared/corpora, stored the
// way the importer stores them (blobs, revision content, per-blob parse records, search sections).
import matter from 'gray-matter';
import { imageSize } from 'image-size';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractLinks } from '../../src/content/links.js';
import { parseMarkdown } from '../../src/content/markdown/index.js';
import { searchSections } from '../../src/content/search-text.js';
import { PARSED_PAGE_VERSION, type ParsedPageData } from '../../src/domain/parsed-page.js';
import { newId, type RevisionContent, type RevisionFile, type RevisionPage } from '../../src/store/index.js';
import type { TestServer } from './server.js';

export const CORPORA = fileURLToPath(new URL('../../../shared/corpora/', import.meta.url));
export const NORMALIZATION = `${CORPORA}git-sync-normalization/`;

export interface SeededSpace {
  spaceId: string;
  revisionId: string;
  /** The corpus directory the content came from. */
  dir: string;
  /** Page id by the page file's repository path. */
  page(gitPath: string): string;
  /** File id by repository path. */
  file(gitPath: string): string;
  /** Every page, in tree order. */
  pages: RevisionPage[];
}

interface PageSpec {
  path: string;
  title: string;
  /** Repository path of the page file; absent for groups and links. */
  file?: string;
  children?: PageSpec[];
  url?: string;
  /** Inline page text instead of a corpus file. */
  text?: string;
}

/** git-sync-normalization, in its SUMMARY order, plus one page with a broken link and an in-app link. */
const NORMALIZATION_OUTLINE: PageSpec[] = [
  { path: '', title: 'Git Sync', file: 'README.md' },
  { path: 'lists', title: 'Lists', file: 'lists.md' },
  { path: 'images', title: 'Images', file: 'images.md' },
  { path: 'emoji', title: 'Emoji', file: 'emoji.md' },
  { path: 'page-link', title: 'Page link', file: 'page-link.md' },
  { path: 'content-reference', title: 'Content reference', file: 'content-reference.md' },
  { path: 'drawing', title: 'Drawing', file: 'drawing.md' },
  { path: 'github', title: 'GitHub', url: 'https://github.com/GitbookIO/git-sync-normalization' },
  {
    path: 'this-is-a-group',
    title: 'This is a group',
    children: [
      { path: 'this-is-a-group/this-is-the-first-page-in-a-group', title: 'This is the first page in a group', file: 'this-is-a-group/this-is-the-first-page-in-a-group.md' },
      { path: 'this-is-a-group/this-is-the-second-page-in-a-group', title: 'This is the second page in a group', file: 'this-is-a-group/this-is-the-second-page-in-a-group.md' },
    ],
  },
  {
    path: 'dangling',
    title: 'Dangling',
    file: 'dangling.md',
    text: '# Dangling\n\nSee [a gone page](gone.md), [the lists](lists.md) and [the app](https://app.gitbook.com/o/x/s/y/).\n\nMade by <code class="expression">space.vars.product</code>.\n\n## Zebra crossing\n\nQuokkas cross here.\n',
  },
];

const ASSETS = ['.gitbook/assets/sofianna-customer-avatar.png', '.gitbook/assets/file.drawing.svg'];

/** A new space in the test organization holding git-sync-normalization as its current revision. */
export async function seedNormalizationSpace(server: TestServer, title = 'Normalization'): Promise<SeededSpace> {
  const { data: space } = await server.client().orgs.createSpace(server.org, { title });
  const { store } = server;
  const files: RevisionFile[] = ASSETS.map((path) => {
    const bytes = readFileSync(`${NORMALIZATION}${path}`);
    const oid = store.blobs.put(bytes);
    const name = path.slice(path.lastIndexOf('/') + 1);
    const image = name.endsWith('.png') ? imageSize(bytes) : undefined;
    return {
      id: newId(),
      name,
      contentType: name.endsWith('.png') ? 'image/png' : 'image/svg+xml',
      size: bytes.byteLength,
      blob: oid,
      git: { oid, path },
      ...(image?.width && image.height ? { dimensions: { width: image.width, height: image.height } } : {}),
    };
  });

  const pages: RevisionPage[] = [];
  const add = (spec: PageSpec, parentId: string | null) => {
    const base = { id: newId(), title: spec.title, slug: spec.path.split('/').pop() || 'readme', path: spec.path, parentId, hidden: false };
    if (spec.url) pages.push({ ...base, kind: 'link', target: { kind: 'url', url: spec.url } });
    else if (!spec.file) pages.push({ ...base, kind: 'group' });
    else {
      const bytes = spec.text !== undefined ? Buffer.from(spec.text) : readFileSync(`${NORMALIZATION}${spec.file}`);
      const oid = store.blobs.put(bytes);
      const { data, content } = matter(bytes.toString('utf8'));
      const body = parseMarkdown(content.replace(/^\s*# .*\n+/, ''));
      const parsed: ParsedPageData = { h1: spec.title, frontmatter: data, links: extractLinks(body, spec.file), warnings: [] };
      store.parsed.put(oid, PARSED_PAGE_VERSION, parsed);
      store.search.index(oid, PARSED_PAGE_VERSION, searchSections(body, spec.title));
      pages.push({
        ...base,
        kind: 'document',
        blob: oid,
        git: { oid, path: spec.file },
        ...(typeof data.description === 'string' ? { description: data.description } : {}),
      });
    }
    for (const child of spec.children ?? []) add(child, base.id);
  };
  for (const spec of NORMALIZATION_OUTLINE) add(spec, null);

  const content: RevisionContent = { pages, files, reusableContents: [], variables: { product: 'Quire' } };
  const revisionId = newId();
  const createdAt = new Date().toISOString();
  store.tx(() => {
    store.revisions.insert({ id: revisionId, spaceId: space.id, parents: [space.revision], type: 'edits', git: { oid: 'a'.repeat(40), message: 'Import', createdByService: false }, createdAt }, content);
    store.content.setSpaceRevision(space.id, space.revision, revisionId, createdAt);
  });

  const byGitPath = (list: { id: string; git?: { path: string } | null }[], path: string) => {
    const found = list.find((x) => x.git?.path === path);
    if (!found) throw new Error(`no ${path} in the seeded space`);
    return found.id;
  };
  return {
    spaceId: space.id,
    revisionId,
    dir: NORMALIZATION,
    page: (path) => byGitPath(pages as { id: string; git?: { path: string } | null }[], path),
    file: (path) => byGitPath(files, path),
    pages,
  };
}
