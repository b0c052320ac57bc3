import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/core/errors.js';
import { paginate } from '../../src/domain/core/pagination.js';

describe('paginate', () => {
  it('walks every item exactly once, in order, for any page size', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer(), { maxLength: 60 }), fc.integer({ min: 1, max: 20 }), fc.boolean(), (values, limit, desc) => {
        const seen: number[] = [];
        let page: string | undefined;
        let guard = 0;
        do {
          const result = paginate(values, { limit, ...(page ? { page } : {}) }, (v) => [v], desc);
          expect(result.count).toBe(values.length);
          seen.push(...result.items);
          page = result.next;
        } while (page && guard++ < 100);
        expect(seen).toEqual([...values].sort((a, b) => (desc ? b - a : a - b)));
      }),
    );
  });

  it('keeps its place when items are added or removed between pages', () => {
    const first = paginate(['a', 'b', 'c', 'd'], { limit: 2 }, (v) => [v]);
    expect(first.items).toEqual(['a', 'b']);
    const second = paginate(['b', 'c', 'c2', 'd'], { limit: 2, page: first.next! }, (v) => [v]);
    expect(second.items).toEqual(['c', 'c2']);
  });

  it('rejects bad tokens and limits with 400', () => {
    for (const request of [{ page: 'zzz' }, { page: Buffer.from('{"a":1}').toString('base64url') }, { limit: -1 }, { limit: 1001 }, { limit: 1.5 }]) {
      expect(() => paginate([1], request, (v) => [v])).toThrow(DomainError);
    }
    expect(paginate([1, 2], { limit: 0 }, (v) => [v])).toEqual({ items: [], count: 2 });
  });
});
