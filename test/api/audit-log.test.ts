import { MemberRole } from '@gitbook/api';
import type { AuditEvent } from '@gitbook/api-0.202';
import { describe, expect, it, vi } from 'vitest';
import { AUDITED, isWrite, NOT_AUDITED } from '../../src/server/audit.js';
import { handlers } from '../../src/server/handlers/index.js';
import { contractOperations } from '../../src/server/openapi.js';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const s = useServer();

/** The organization's whole log, newest first, a page at a time. */
async function wholeLog(query: Record<string, string> = {}): Promise<AuditEvent[]> {
  const api = s.newerClient();
  const events: AuditEvent[] = [];
  let page: string | undefined;
  do {
    const { data } = await api.orgs.listOrganizationAuditEvents(s.org, { ...query, limit: 100, ...(page ? { page } : {}) });
    events.push(...data.items);
    page = data.next?.page;
  } while (page);
  return events;
}

describe('audit log', () => {
  it('records the writes of two users in order, with actor, action and target; a failed write records nothing', async () => {
    const owner = s.client();
    const admin = await s.member('admin');
    const adminApi = s.client(admin.token);
    const reader = await s.member('read');
    const before = (await wholeLog()).length;

    const { data: space } = await owner.orgs.createSpace(s.org, { title: 'Audited' });
    await adminApi.spaces.updateSpaceById(space.id, { title: 'Audited, renamed' } as never);
    // Refused (a read member) and a delete of nothing: neither is recorded.
    expect(await statusOf(s.client(reader.token).spaces.updateSpaceById(space.id, { title: 'No' } as never))).toBe(403);
    expect((await adminApi.spaces.removeUserFromSpace(space.id, reader.userId)).status).toBe(204);
    const { data: cr } = await adminApi.spaces.createChangeRequest(space.id, { subject: 'Audit me' });
    await owner.spaces.mergeChangeRequest(space.id, cr.id);
    await owner.orgs.inviteUsersToOrganization(s.org, { emails: ['audited@example.com'], role: MemberRole.Read });
    const { data: doomed } = await adminApi.orgs.createCollection(s.org, { title: 'Doomed' });
    await adminApi.collections.deleteCollectionById(doomed.id);

    const log = await wholeLog();
    const recorded = log.slice(0, log.length - before).reverse();
    expect(recorded.map((e) => [e.action, e.actor.id, e.target.type, e.target.id])).toEqual([
      ['space.created', s.ownerId, 'space', space.id],
      ['space.updated', admin.userId, 'space', space.id],
      ['change-request.created', admin.userId, 'change-request', cr.id],
      ['change-request.merged', s.ownerId, 'change-request', cr.id],
      ['organization.invite.created', s.ownerId, 'organization', s.org],
      ['collection.created', admin.userId, 'collection', doomed.id],
      ['collection.deleted', admin.userId, 'collection', doomed.id],
    ]);
    for (const e of recorded) {
      expect(e).toMatchObject({ object: 'audit-event', actor: { type: 'user' }, source: 'api' });
      expect(e.urls.location).toBe(`${s.url}/v1/orgs/${s.org}/audit-events/${e.id}`);
    }
    expect(recorded[0]!.target.label).toBe('Audited');
    expect(recorded[1]!.actor.label).toMatch(/^User \d+$/);
    // Newest first: never an earlier time after a later one.
    const times = log.map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by action, actor, target and time range', async () => {
    const api = s.client();
    const admin = await s.member('admin');
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Filtered' });
    await s.client(admin.token).spaces.updateSpaceById(space.id, { title: 'Filtered 2' } as never);
    await api.spaces.updateSpaceById(space.id, { title: 'Filtered 3' } as never);

    const all = await wholeLog();
    const byTarget = await wholeLog({ target: space.id });
    expect(byTarget.map((e) => [e.action, e.actor.id])).toEqual([
      ['space.updated', s.ownerId],
      ['space.updated', admin.userId],
      ['space.created', s.ownerId],
    ]);
    expect((await wholeLog({ actor: admin.userId })).map((e) => e.action)).toEqual(['space.updated']);
    const updates = await wholeLog({ action: 'space.updated' });
    expect(updates.length).toBe(all.filter((e) => e.action === 'space.updated').length);
    expect(updates.every((e) => e.action === 'space.updated')).toBe(true);

    const from = byTarget[1]!.occurredAt;
    const to = byTarget[0]!.occurredAt;
    const ranged = await wholeLog({ from, to });
    expect(ranged.map((e) => e.id)).toEqual(all.filter((e) => e.occurredAt >= from && e.occurredAt <= to).map((e) => e.id));
    expect(ranged.map((e) => e.id)).toContain(byTarget[0]!.id);
    expect(await wholeLog({ from: '2999-01-01T00:00:00Z' })).toEqual([]);
    expect((await errorOf(s.newerClient().orgs.listOrganizationAuditEvents(s.org, { from: to, to: from === to ? '2000-01-01T00:00:00Z' : from }))).code).toBe(
      400,
    );
  });

  it('pages newest first with next.page until the last page, count giving the total', async () => {
    const api = s.newerClient();
    for (let i = 0; i < 5; i++) await s.client().orgs.createCollection(s.org, { title: `Paged ${i}` });
    const all = await wholeLog();
    const seen: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const { data } = await api.orgs.listOrganizationAuditEvents(s.org, { limit: 2, ...(page ? { page } : {}) });
      expect(data.count).toBe(all.length);
      expect(data.items.length).toBeLessThanOrEqual(2);
      seen.push(...data.items.map((e) => e.id));
      page = data.next?.page;
      pages++;
    } while (page);
    expect(seen).toEqual(all.map((e) => e.id));
    expect(pages).toBe(Math.ceil(all.length / 2));
    expect((await api.orgs.listOrganizationAuditEvents(s.org)).data.items.length).toBe(Math.min(20, all.length));
    expect((await errorOf(api.orgs.listOrganizationAuditEvents(s.org, { page: 'not-a-token' }))).code).toBe(400);
    expect((await errorOf(api.orgs.listOrganizationAuditEvents(s.org, { limit: 101 }))).code).toBe(400);
  });

  it('gets one event with its payload, 404 for an unknown id, 400 for one that is no UUID', async () => {
    const api = s.newerClient();
    const { data: team } = await s.client().orgs.createOrganizationTeam(s.org, { title: 'Audited team' });
    const [latest] = (await api.orgs.listOrganizationAuditEvents(s.org, { limit: 1 })).data.items;
    expect(latest).toMatchObject({ action: 'organization.team.created', target: { type: 'team', id: team.id, label: 'Audited team' } });
    const { data: details } = await api.orgs.getOrganizationAuditEvent(s.org, latest!.id);
    expect(details).toMatchObject({ ...latest, schemaVersion: 1, payload: { operation: 'createOrganizationTeam', organizationId: s.org } });
    expect((await errorOf(api.orgs.getOrganizationAuditEvent(s.org, '0190a5e0-0000-7000-8000-000000000000'))).code).toBe(404);
    expect((await errorOf(api.orgs.getOrganizationAuditEvent(s.otherOrg, latest!.id))).code).toBe(404);
    expect((await errorOf(api.orgs.getOrganizationAuditEvent(s.org, 'not-a-uuid'))).code).toBe(400);
  });

  it('lists the actions it records, each with a label', async () => {
    const { data } = await s.newerClient().orgs.listOrganizationAuditEventActions(s.org);
    const ids = data.items.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining(['space.created', 'change-request.merged', 'site.redirect.created', 'organization.team.created']));
    expect(data.items.every((a) => a.object === 'audit-event-action' && a.label.length > 0)).toBe(true);
    // Every action the API records is one it lists.
    expect(ids).toEqual(expect.arrayContaining([...new Set(Object.values(AUDITED).map(([action]) => action))]));
  });

  it('is read by organization admins only: a read token gets 403, a member of another organization 403, an unknown organization 404', async () => {
    for (const role of ['read', 'edit', 'create'] as const) {
      const api = s.newerClient((await s.member(role)).token);
      expect(await statusOf(api.orgs.listOrganizationAuditEvents(s.org))).toBe(403);
      expect(await statusOf(api.orgs.listOrganizationAuditEventActions(s.org))).toBe(403);
    }
    const [event] = (await s.newerClient().orgs.listOrganizationAuditEvents(s.org, { limit: 1 })).data.items;
    expect(await statusOf(s.newerClient((await s.member('read')).token).orgs.getOrganizationAuditEvent(s.org, event!.id))).toBe(403);
    const stranger = s.newerClient((await s.member('admin', s.otherOrg)).token);
    expect(await statusOf(stranger.orgs.listOrganizationAuditEvents(s.org))).toBe(403);
    expect(await statusOf(s.newerClient().orgs.listOrganizationAuditEvents('unknownorg0000000000'))).toBe(404);
    expect(await statusOf(s.newerClient((await s.member('admin')).token).orgs.listOrganizationAuditEvents(s.org))).toBe(200);
  });
});

describe('an audit log the store cannot write', () => {
  it('leaves the landed write its answer (a 500 would have it sent again) and retries, then gives up to the server log', async () => {
    const record = vi.spyOn(s.domain.audit, 'record');
    try {
      // Once: the retry records it.
      record.mockRejectedValueOnce(new Error('database is locked'));
      const { data: first } = await s.client().orgs.createSpace(s.org, { title: 'Recorded on the second try' });
      expect((await wholeLog({ action: 'space.created' })).map((event) => (event.target as { id?: string }).id)).toContain(first.id);
      // Always: the space exists once, answered 201; no event.
      record.mockRejectedValue(new Error('disk full'));
      const created = await s.client().orgs.createSpace(s.org, { title: 'Never recorded' });
      expect(created.status).toBe(201);
      record.mockRestore();
      const spaces = (await s.client().orgs.listSpacesInOrganizationById(s.org, { limit: 1000 })).data.items;
      expect(spaces.filter((space) => space.title === 'Never recorded')).toHaveLength(1);
      expect((await wholeLog({ action: 'space.created' })).map((event) => (event.target as { id?: string }).id)).not.toContain(created.data.id);
    } finally {
      record.mockRestore();
    }
  });
});

describe('audit coverage', () => {
  it('names every routed write with a handler: audited with an action, or left out with a reason', () => {
    const routed = contractOperations()
      .map((c) => (c.pinned ?? c.newer)!)
      .filter(isWrite);
    const writes = routed.filter((op) => (handlers as Record<string, unknown>)[op.operationId]);
    expect(writes.length).toBeGreaterThan(100);
    const missing = writes.map((op) => op.operationId).filter((id) => !Object.hasOwn(AUDITED, id) && !Object.hasOwn(NOT_AUDITED, id));
    expect(missing).toEqual([]);
    for (const reason of Object.values(NOT_AUDITED)) expect(reason.length).toBeGreaterThan(10);
    // And the table names no operation that is not a write of the contract (a renamed one would leave it silently unused).
    const known = new Set(routed.map((op) => op.operationId));
    expect([...Object.keys(AUDITED), ...Object.keys(NOT_AUDITED)].filter((id) => !known.has(id))).toEqual([]);
  });
});
