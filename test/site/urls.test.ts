import { describe, expect, it } from 'vitest';
import { SpaceUrls } from '../../src/site/urls.js';

describe('SpaceUrls', () => {
  // Without `.` and `%`: a path with them is made a safe slug first (safePagePath).
  it('encodes each segment of a page path as encodeURIComponent does, plain paths left as they are', () => {
    const urls = new SpaceUrls('/docs/', 'v2/en');
    const alphabet = ['a', 'Z', '9', '-', '_', '~', '!', '*', "'", '(', ')', '/', ' ', '#', '?', 'é', '日', '+', '&', '😀'];
    let seed = 11;
    const pick = () => alphabet[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % alphabet.length]!;
    for (let n = 0; n < 3000; n++) {
      const path = Array.from({ length: 1 + (n % 9) }, pick)
        .join('')
        .replace(/^\/+|\/+$/g, '')
        .replace(/\/{2,}/g, '/');
      if (!path) continue;
      const encoded = path.split('/').map(encodeURIComponent).join('/');
      expect(urls.page({ path }), JSON.stringify(path)).toBe(`/docs/v2/en/${encoded}/`);
      expect(urls.markdownUrl({ path }), JSON.stringify(path)).toBe(`/docs/v2/en/${encoded}.md`);
    }
  });

  it('keeps a plain path as it is and encodes one with other characters', () => {
    const urls = new SpaceUrls('/', '');
    expect(urls.page({ path: 'guide/getting-started_v1~(beta)' })).toBe('/guide/getting-started_v1~(beta)/');
    expect(urls.page({ path: 'guide/café au lait' })).toBe('/guide/caf%C3%A9%20au%20lait/');
    expect(urls.page({ path: 'a/b' }, 'Section 2')).toBe('/a/b/#Section%202');
  });
});
