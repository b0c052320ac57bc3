import { describe, expect, it } from 'vitest';
import { DAY } from '../../src/domain/core/clock.js';
import { ManualClock } from '../../src/domain/index.js';
import { statusOf, useServer } from '../helpers/server.js';

const clock = new ManualClock(new Date('2026-03-01T10:00:00.000Z'));
const s = useServer({ clock });

// Seed Part A §3: active -> deleted -> (restore within 7 days | removed for good after 7 days); editMode.
describe('space states', () => {
  it('restores a deleted space within 7 days', async () => {
    const api = s.client();
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Oops' });
    expect((await api.spaces.deleteSpaceById(space.id)).status).toBe(205);
    const deleted = (await api.spaces.getSpaceById(space.id)).data;
    expect(deleted.deletedAt).toBe(clock.now().toISOString());
    expect((await api.orgs.listSpacesInOrganizationById(s.org)).data.items.map((x) => x.id)).not.toContain(space.id);
    expect(await statusOf(api.spaces.updateSpaceById(space.id, { title: 'Nope' } as never))).toBe(404);

    clock.advance(7 * DAY - 1000);
    const { data: restored } = await api.spaces.restoreSpace(space.id);
    expect(restored.deletedAt).toBeUndefined();
    expect((await api.orgs.listSpacesInOrganizationById(s.org)).data.items.map((x) => x.id)).toContain(space.id);
    expect(await statusOf(api.spaces.restoreSpace(space.id))).toBe(409);
  });

  it('cannot restore after 7 days, and the purge job removes the space for good', async () => {
    const api = s.client();
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Gone soon' });
    await api.spaces.deleteSpaceById(space.id);
    expect((await s.store.jobs.list('pending')).some((j) => (j.payload as { space: string }).space === space.id)).toBe(true);

    clock.advance(7 * DAY);
    expect(await statusOf(api.spaces.restoreSpace(space.id))).toBe(404);
    expect(await statusOf(api.spaces.getSpaceById(space.id))).toBe(404);
    expect(await s.store.content.space(space.id)).toBeDefined();

    await s.domain.jobs.runDue();
    expect(await s.store.content.space(space.id)).toBeUndefined();
    expect(await s.store.revisions.get(space.revision)).toBeUndefined();
    // Gone for good: the id names nothing any more, as for a read.
    expect(await statusOf(api.spaces.deleteSpaceById(space.id))).toBe(404);
  });

  it('switches editMode between live and locked', async () => {
    const api = s.client();
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Locks', editMode: 'locked' } as never);
    expect(space.editMode).toBe('locked');
    const { data: live } = await api.spaces.updateSpaceById(space.id, { editMode: 'live' } as never);
    expect(live.editMode).toBe('live');
    expect(live.permissions.edit).toBe(true);
    const editor = await s.member('edit');
    expect(await statusOf(s.client(editor.token).spaces.updateSpaceById(space.id, { editMode: 'locked' } as never))).toBe(403);
    expect((await s.client(editor.token).spaces.updateSpaceById(space.id, { title: 'Renamed' } as never)).data.title).toBe('Renamed');
  });

  it('retries a failing job with backoff and keeps its state visible', async () => {
    let calls = 0;
    s.domain.jobs.register('test.flaky', () => {
      calls++;
      if (calls < 3) throw new Error(`attempt ${calls} failed`);
    });
    const id = await s.domain.jobs.schedule({ kind: 'test.flaky', payload: {}, maxAttempts: 3 });
    await s.domain.jobs.runDue();
    expect(await s.store.jobs.get(id)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'attempt 1 failed' });
    await s.domain.jobs.runDue();
    expect(calls).toBe(1);
    clock.advance(1000);
    await s.domain.jobs.runDue();
    clock.advance(2000);
    await s.domain.jobs.runDue();
    expect(await s.store.jobs.get(id)).toMatchObject({ state: 'done', attempts: 3 });
    expect(calls).toBe(3);
  });
});
