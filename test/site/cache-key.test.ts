import { describe, expect, it } from 'vitest';
import { pageKey, type SpaceKeyInput, spaceKey } from '../../src/site/build/cache-key.js';
import { resolveCustomization } from '../../src/site/customization.js';
import type { DocumentPage, RevisionContent } from '../../src/model/index.js';

const guide = (over: Partial<DocumentPage> = {}): DocumentPage => ({
  id: 'guide',
  kind: 'document',
  title: 'Guide',
  slug: 'guide',
  path: 'guide',
  parentId: null,
  hidden: false,
  blob: 'b1',
  git: { oid: 'b1', path: 'guide.md', updatedAt: '2024-05-01T10:00:00.000Z' },
  ...over,
});

const other = (over: Partial<DocumentPage> = {}) =>
  guide({ id: 'other', title: 'Other', slug: 'other', path: 'other', blob: 'b2', git: { oid: 'b2', path: 'other.md' }, ...over });

const content = (over: Partial<RevisionContent> = {}): RevisionContent => ({
  pages: [guide(), other()],
  files: [{ id: 'f1', name: 'shot.png', contentType: 'image/png', size: 3, blob: 'fb1', git: { oid: 'fb1', path: '.gitbook/assets/shot.png' } }],
  reusableContents: [{ id: 'r1', title: 'Note', blob: 'rb1', git: { oid: 'rb1', path: '.gitbook/includes/note.md' } }],
  variables: { product: 'Quire', version: 2 },
  ...over,
});

const space = (over: Partial<SpaceKeyInput> = {}): SpaceKeyInput => ({
  navHash: 'nav1',
  customization: resolveCustomization({}),
  assetVersion: 'assets1',
  siteTitle: 'Docs',
  sections: [{ title: 'Guides', url: '/', current: true }],
  variants: [],
  base: '/',
  prefix: '',
  editUrl: 'https://example.com/blob/main/',
  siteUrl: 'https://docs.example.com',
  claims: undefined,
  content: content(),
  openapiStamp: 'spec1',
  ...over,
});

/** The key of the guide page, with these changes to its space and to the page. */
const key = (spaceChange: Partial<SpaceKeyInput> = {}, pageChange: Partial<DocumentPage> = {}) => pageKey(spaceKey(space(spaceChange)), guide(pageChange));

describe('page cache key', () => {
  it('is the same for equal inputs, whatever the order of their members', () => {
    expect(key()).toBe(key());
    expect(key({ content: content({ variables: { version: 2, product: 'Quire' } }) })).toBe(key());
    expect(key({}, { layout: { width: 'wide', outline: false } })).toBe(key({}, { layout: { outline: false, width: 'wide' } }));
  });

  it.each<[string, Partial<DocumentPage>]>([
    ['its file', { blob: 'b9', git: { oid: 'b9', path: 'guide.md', updatedAt: '2024-05-01T10:00:00.000Z' } }],
    ['its title', { title: 'Guide, renamed' }],
    ['its description', { description: 'What the guide is about' }],
    ['its emoji', { emoji: '1f680' }],
    ['its path', { path: 'guides/guide' }],
    ['its layout', { layout: { width: 'wide' } }],
    ['noIndex', { noIndex: true }],
    ['noRobotsIndex', { noRobotsIndex: true }],
    ['its repository path', { git: { oid: 'b1', path: 'guides/guide.md', updatedAt: '2024-05-01T10:00:00.000Z' } }],
    ['its last commit date', { git: { oid: 'b1', path: 'guide.md', updatedAt: '2024-06-01T10:00:00.000Z' } }],
  ])('changes with the page: %s', (_, change) => {
    expect(key({}, change)).not.toBe(key());
  });

  it.each<[string, Partial<SpaceKeyInput>]>([
    ['the sidebar', { navHash: 'nav2' }],
    ['the customization', { customization: resolveCustomization({ styling: { primaryColor: { light: '#000000', dark: '#ffffff' } } }) }],
    ['the templates and assets', { assetVersion: 'assets2' }],
    ['the site title', { siteTitle: 'Handbook' }],
    [
      'the section tabs',
      {
        sections: [
          { title: 'Guides', url: '/', current: true },
          { title: 'API', url: '/api/', current: false },
        ],
      },
    ],
    ['the variants', { variants: [{ title: 'v2', url: '/', current: true }] }],
    ['the base path', { base: '/docs/' }],
    ['the space prefix', { prefix: 'guides' }],
    ['the edit URL', { editUrl: 'https://example.com/blob/next/' }],
    ['the site URL', { siteUrl: 'https://help.example.com' }],
    ['the visitor claims', { claims: { beta: true } }],
    ['where the feedback widget posts', { feedback: { endpoint: '/v1/orgs/o/sites/s/insights/events', siteSection: null, siteSpace: 'ss', space: 'sp' } }],
    [
      'an include',
      { content: content({ reusableContents: [{ id: 'r1', title: 'Note', blob: 'rb2', git: { oid: 'rb2', path: '.gitbook/includes/note.md' } }] }) },
    ],
    [
      'an include moved',
      { content: content({ reusableContents: [{ id: 'r1', title: 'Note', blob: 'rb1', git: { oid: 'rb1', path: '.gitbook/includes/notes.md' } }] }) },
    ],
    ['the variables', { content: content({ variables: { product: 'Quire', version: 3 } }) }],
    [
      'a file renamed',
      {
        content: content({
          files: [{ id: 'f1', name: 'screen.png', contentType: 'image/png', size: 3, blob: 'fb1', git: { oid: 'fb1', path: '.gitbook/assets/shot.png' } }],
        }),
      },
    ],
    [
      'a file added',
      { content: content({ files: [...content().files, { id: 'f2', name: 'new.png', contentType: 'image/png', size: 3, blob: 'fb2', git: null }] }) },
    ],
    ['the OpenAPI specs', { openapiStamp: 'spec2' }],
  ])('changes with the space: %s', (_, change) => {
    expect(key(change)).not.toBe(key());
  });

  it.each<[string, Partial<SpaceKeyInput>, Partial<DocumentPage>]>([
    ['the body of another page', { content: content({ pages: [guide(), other({ blob: 'b3', git: { oid: 'b3', path: 'other.md' } })] }) }, {}],
    ['the description of another page', { content: content({ pages: [guide(), other({ description: 'New' })] }) }, {}],
    [
      'the bytes of a file',
      {
        content: content({
          files: [{ id: 'f1', name: 'shot.png', contentType: 'image/png', size: 4, blob: 'fb9', git: { oid: 'fb9', path: '.gitbook/assets/shot.png' } }],
        }),
      },
      {},
    ],
    [
      'the title of an include',
      { content: content({ reusableContents: [{ id: 'r1', title: 'Renamed', blob: 'rb1', git: { oid: 'rb1', path: '.gitbook/includes/note.md' } }] }) },
      {},
    ],
    ['the page cover (not shown)', {}, { cover: { ref: { kind: 'url', url: 'https://example.com/cover.png' } } }],
  ])('stays with %s', (_, spaceChange, pageChange) => {
    expect(key(spaceChange, pageChange)).toBe(key());
  });
});
