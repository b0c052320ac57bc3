// backends: SQLite, and PostgreSQL in the domain-postgres project.
// What the domain keeps from one read to the next while the store is unchanged (`StateCache`: a token's caller and
// what it looked up, a caller's view of a space): kept while nothing is written; dropped at once by a write of this
// process, and by another process's (another connection's commit on SQLite, another server's notification on
// PostgreSQL) as soon as it is heard of.
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config/index.js';
import { bootstrap } from '../../../src/domain/core/setup.js';
import { StateCache } from '../../../src/domain/core/state-cache.js';
import type { Domain } from '../../../src/domain/index.js';
import { newId } from '../../../src/model/index.js';
import type { Store } from '../../../src/store/index.js';
import { testStore, twoProcesses } from '../../helpers/store.js';
import { waitFor } from '../../helpers/wait-for.js';

const write = async (store: Store) =>
  await store.users.insert({ id: newId(), displayName: 'Someone', email: `${newId()}@example.com`, photoURL: null, createdAt: new Date().toISOString() });

/** The admin's token and a space of the first organization, through `domain`. */
async function setup(domain: Domain) {
  const boot = await bootstrap(domain, configSchema.parse({ organizations: [{ title: 'Main' }] }));
  const admin = (await domain.users.authenticate(boot.newAdminToken!))!;
  const space = await domain.spaces.create(admin, boot.organizations[0]!.id, { title: 'Before' });
  return { token: boot.newAdminToken!, org: boot.organizations[0]!.id, spaceId: space.space.id };
}

describe('StateCache', () => {
  it('computes once while the store is unchanged (concurrent reads share it), again after a write', async () => {
    const store = await testStore();
    const cache = new StateCache<number>(store, 10);
    let computed = 0;
    const read = () => cache.get('key', async () => ++computed);
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    expect(await read()).toBe(1);
    await write(store);
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
  });

  it('keeps no failure and no value `keep` refuses', async () => {
    const store = await testStore();
    const cache = new StateCache<number | undefined>(store, 10);
    let calls = 0;
    await expect(cache.get('key', async () => Promise.reject(new Error(`lost ${++calls}`)))).rejects.toThrow('lost 1');
    expect(await cache.get('key', async () => ++calls)).toBe(2);
    const refused = () =>
      cache.get(
        'none',
        async () => {
          calls++;
          return undefined;
        },
        (value) => value !== undefined,
      );
    await refused();
    await refused();
    expect(calls).toBe(4);
  });
});

describe("a token's caller and its view of a space", () => {
  it('follow a write of this process at once, however the caller is held', async () => {
    const store = await testStore();
    const { Domain } = await import('../../../src/domain/index.js');
    const domain = new Domain(store);
    const { token, org, spaceId } = await setup(domain);
    const caller = (await domain.users.authenticate(token))!;
    expect(await domain.users.authenticate(token)).toBe(caller);
    expect((await domain.content.current(caller, spaceId)).space.title).toBe('Before');

    await domain.spaces.update(caller, spaceId, { title: 'After' });
    // The same caller object (a request that wrote, then reads): its view is read again.
    expect((await domain.content.current(caller, spaceId)).space.title).toBe('After');
    const next = (await domain.users.authenticate(token))!;
    expect(next).not.toBe(caller);
    expect((await domain.content.current(next, spaceId)).space.title).toBe('After');

    const member = await domain.users.ensure('member@example.com', 'Member');
    await domain.organizations.ensureMember(org, member.id, 'read');
    const { token: memberToken } = await domain.users.createToken(member.id, 'member');
    const asMember = (await domain.users.authenticate(memberToken))!;
    expect((await domain.content.current(asMember, spaceId)).role).toBe('read');
    await store.organizations.removeMember(org, member.id);
    await expect(domain.content.current((await domain.users.authenticate(memberToken))!, spaceId)).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it("follow another process's write as soon as it is heard of", async () => {
    const { a, b } = await twoProcesses();
    const { token, spaceId } = await setup(a);
    const title = async () => (await a.content.current((await a.users.authenticate(token))!, spaceId)).space.title;
    expect(await title()).toBe('Before');
    expect(await title()).toBe('Before');
    await b.spaces.update((await b.users.authenticate(token))!, spaceId, { title: 'Renamed elsewhere' });
    await waitFor(async () => (await title()) === 'Renamed elsewhere', { timeout: 2_000, interval: 1 });
  });
});
