/** gitsync-format §3.2: with a SUMMARY title, the leading `# H1` is stripped only when it equals that title. */
import { describe, expect, it } from 'vitest';
import { toDocument } from '../../../src/content/document/index.js';
import { bodyUnderTitle, parsePageFile, serializePageFile } from '../../../src/content/page-file.js';

const FIXTURE = '---\ndescription: Setup\n---\n\n# Installing Quire\n\nRun it.\n\n## Next\n';

describe('the leading H1 and the page title', () => {
  it('is the title without a SUMMARY title (no SUMMARY), and when it equals the SUMMARY title', () => {
    for (const title of [undefined, null, 'Installing Quire', ' Installing Quire ']) {
      const page = parsePageFile(FIXTURE, { title });
      expect(page.title).toBe('Installing Quire');
      expect(page.body.children.map((c) => c.type)).toEqual(['paragraph', 'heading']);
      expect(serializePageFile(page)).toBe(FIXTURE);
    }
  });

  it('is content when it differs from the SUMMARY title: kept in the body, the file still written back as it was', () => {
    const page = parsePageFile(FIXTURE, { title: 'Install' });
    expect(page.title).toBeNull();
    expect(page.body.children.map((c) => c.type)).toEqual(['heading', 'paragraph', 'heading']);
    expect(page.body.children[0]).toMatchObject({ depth: 1, children: [{ type: 'text', value: 'Installing Quire' }] });
    expect(serializePageFile(page)).toBe(FIXTURE);
    // In the document it is the first block, a heading-1 that keeps its markdown depth.
    expect(toDocument(page.body).nodes[0]).toMatchObject({ type: 'heading-1', data: { depth: 1 } });
  });

  it('a body parsed without the title reads the same under it (bodies are parsed once per blob)', () => {
    const { body } = parsePageFile(FIXTURE);
    expect(bodyUnderTitle(body, 'Installing Quire')).toBe(body);
    expect(bodyUnderTitle(body, undefined)).toBe(body);
    const under = bodyUnderTitle(body, 'Install');
    expect(under.children).toEqual(parsePageFile(FIXTURE, { title: 'Install' }).body.children);
    expect(under.data?.titleHeading).toBeUndefined();
    expect(body.children).toHaveLength(2);
  });

  it('a page without H1 is unchanged by any title', () => {
    const text = 'Just text.\n';
    expect(parsePageFile(text, { title: 'Other' }).body.children.map((c) => c.type)).toEqual(['paragraph']);
    expect(serializePageFile(parsePageFile(text, { title: 'Other' }))).toBe(text);
  });
});
