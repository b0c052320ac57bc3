import { describe, expect, it } from 'vitest';
import { jsonShowingEmails } from '../../src/server/emails.js';
import { ResponseCache } from '../../src/server/response-cache.js';
import type { Store } from '../../src/store/index.js';

const clock = { now: () => new Date(1_000_000) };
const storeAt = (version: { value: string }) => ({ stateVersion: async () => version.value }) as unknown as Store;
const answer = (text: string) => ({ status: 200, headers: undefined, text });

describe('ResponseCache', () => {
  it('answers a repeated read while the store is unchanged, and forgets it once the store moves', async () => {
    const version = { value: '1' };
    const cache = new ResponseCache(storeAt(version), clock);
    await cache.set('a', await cache.version(), answer('{"a":1}'));
    expect((await cache.get('a'))?.text).toBe('{"a":1}');
    version.value = '2';
    expect(await cache.get('a')).toBeUndefined();
  });

  it('does not keep an answer computed while the store changed', async () => {
    const version = { value: '1' };
    const cache = new ResponseCache(storeAt(version), clock);
    const before = await cache.version();
    version.value = '2';
    await cache.set('a', before, answer('{}'));
    expect(await cache.get('a')).toBeUndefined();
  });

  it('holds a bounded amount of text: reads of ever-new URLs evict the oldest, and a body over the bound is not kept', async () => {
    const cache = new ResponseCache(storeAt({ value: '1' }), clock);
    const body = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 40; i++) await cache.set(`page?r=${i}`, '1', answer(body));
    expect(await cache.get('page?r=0')).toBeUndefined();
    expect((await cache.get('page?r=39'))?.text).toBe(body);
    await cache.set('huge', '1', answer('y'.repeat(17 * 1024 * 1024)));
    expect(await cache.get('huge')).toBeUndefined();
  });
});

describe('jsonShowingEmails', () => {
  const body = {
    items: [
      { object: 'user', id: 'u1', email: 'a@x.io' },
      { object: 'user', id: 'u2', email: 'b@x.io' },
    ],
    note: { email: 'kept' },
  };

  it('writes the users whose email the caller may not see without it', async () => {
    const text = await jsonShowingEmails(body, () => async (id) => id === 'u1');
    expect(JSON.parse(text)).toEqual({
      items: [
        { object: 'user', id: 'u1', email: 'a@x.io' },
        { object: 'user', id: 'u2' },
      ],
      note: { email: 'kept' },
    });
  });

  it('asks nothing for a body that names no user, and writes it as JSON.stringify does', async () => {
    const page = { id: 'p', document: { nodes: [{ object: 'block', type: 'paragraph' }] } };
    const text = await jsonShowingEmails(page, () => {
      throw new Error('visibility asked for a body without users');
    });
    expect(text).toBe(JSON.stringify(page));
  });
});
