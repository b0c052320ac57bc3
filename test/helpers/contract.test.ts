import { describe, expect, it } from 'vitest';
import { checkResponse } from './contract.js';

// The response check must be able to fail, or every API test would pass vacuously.
describe('the spec response check', () => {
  const url = 'http://h/v1/spaces/abc';
  it('rejects a space missing required fields', () => {
    expect(checkResponse('GET', url, 200, JSON.stringify({ object: 'space', id: 'abc' })).length).toBeGreaterThan(0);
  });
  it('rejects a status the operation does not declare', () => {
    expect(checkResponse('GET', url, 201, '{}')[0]).toMatch(/not declared/);
  });
  it('rejects an error body with the wrong shape or code', () => {
    expect(checkResponse('GET', url, 404, JSON.stringify({ message: 'nope' })).length).toBeGreaterThan(0);
    expect(checkResponse('GET', url, 404, JSON.stringify({ error: { code: 400, message: 'x' } })).length).toBeGreaterThan(0);
  });
  it('rejects a body on 205', () => {
    expect(checkResponse('DELETE', url, 205, '{}')).toHaveLength(1);
  });
  it('accepts a conforming error', () => {
    expect(checkResponse('GET', url, 404, JSON.stringify({ error: { code: 404, message: 'No space' } }))).toEqual([]);
  });
});
