import { describe, expect, it } from 'vitest';
import { redirectsMap } from '../../src/site/outputs/redirects.js';
import { parseRedirects } from '../../src/server/http/redirects.js';

describe('the _redirects map', () => {
  it('writes one line per redirect, and none for a path that would write lines of its own', () => {
    const text = redirectsMap('/acme/', [
      { from: 'old', to: '/acme/new/' },
      { from: 'zz\n/acme/steal https://evil.example/grab 301\n/acme/zz2', to: '/acme/new/' },
      { from: 'tab', to: '/acme/a b/' },
    ]);
    expect(text).toBe('/acme/old /acme/new/ 301\n');
    expect([...parseRedirects(text)]).toEqual([['/acme/old', '/acme/new/']]);
  });
});
