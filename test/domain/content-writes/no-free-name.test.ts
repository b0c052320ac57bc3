// mocks: replaces content/slug.js to make the name search run out
import { describe, expect, it, vi } from 'vitest';
import { NoFreeNameError } from '../../../src/content/slug.js';
import { applyChanges } from '../../../src/domain/content-writes/apply-changes.js';
import { DomainError } from '../../../src/domain/core/errors.js';

// A million siblings named `untitled`, `untitled-1`... are too many to build here: the name search runs out instead.
vi.mock('../../../src/content/slug.js', async (original) => {
  const slug = await original<typeof import('../../../src/content/slug.js')>();
  return {
    ...slug,
    uniqueSlug: (base: string) => {
      throw new slug.NoFreeNameError(`no free name after 1000000 candidates (first: ${base})`);
    },
  };
});

describe('applyChanges when no free name is left', () => {
  it('answers 409 naming the change, not a plain error (a 500)', async () => {
    const ctx = {
      base: { pages: [], files: [], reusableContents: [], variables: {} },
      baseRevisionId: 'rev0',
      spaceRoot: '',
      files: new Map(),
      revisionContent: async () => undefined,
      readBlob: async () => undefined,
      newId: () => 'new',
    };
    let error: unknown;
    try {
      await applyChanges(ctx, [{ operation: 'insert_page', title: 'Untitled', document: { markdown: 'Body.\n' } }]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).not.toBeInstanceOf(NoFreeNameError);
    expect(error).toMatchObject({ kind: 'conflict', message: 'changes[0]: no free name after 1000000 candidates (first: untitled)' });
  });
});
