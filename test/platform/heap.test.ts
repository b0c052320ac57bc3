import { describe, expect, it } from 'vitest';
import { LEAN_HEAP_FLAGS, leanHeap } from '../../src/platform/heap.js';

describe('the lean heap of a batch command', () => {
  it('sets its flags but those given to node, however spelled', () => {
    const setFor = (given: string[]) => {
      const set: string[] = [];
      expect(leanHeap(given, (flag) => set.push(flag))).toEqual(set);
      return set;
    };
    expect(setFor([])).toEqual([...LEAN_HEAP_FLAGS]);
    expect(setFor(['--heap-growing-percent=50', '--title=x'])).toEqual(['--max-semi-space-size=8']);
    expect(setFor(['--max_semi_space_size=32', '--heap_growing_percent'])).toEqual([]);
  });
});
