// backends: SQLite, and PostgreSQL in the domain-postgres project.
// The audit log's store and its retention: events by organization, newest first, filtered and paged in SQL; expired
// events removed by the daily job, on a clock the test moves.
import { describe, expect, it } from 'vitest';
import { AUDIT_PRUNE_JOB } from '../../../src/domain/audit/audit.js';
import { timeOrderedUuid } from '../../../src/domain/audit/ids.js';
import { DAY } from '../../../src/domain/core/clock.js';
import { Caller, Domain, ManualClock } from '../../../src/domain/index.js';
import type { AuditEventRecord } from '../../../src/model/index.js';
import { testStore } from '../../helpers/store.js';

const event = (n: number, fields: Partial<AuditEventRecord> = {}): AuditEventRecord => ({
  id: timeOrderedUuid(Date.parse('2026-01-01T00:00:00Z') + n),
  organizationId: 'org1',
  occurredAt: new Date(Date.parse('2026-01-01T00:00:00Z') + Math.floor(n / 2) * 1000).toISOString(),
  action: n % 3 === 0 ? 'space.created' : 'space.updated',
  actorType: 'user',
  actorId: n % 2 === 0 ? 'alice' : 'bob',
  actorLabel: null,
  source: 'api',
  targetType: 'space',
  targetId: `space${n % 4}`,
  targetLabel: n === 0 ? 'First' : null,
  payload: { operation: 'createSpace', n },
  ...fields,
});

describe('AuditRepo', () => {
  it('stores, reads back and lists newest first, by (time, id), filtered and paged', async () => {
    const store = await testStore();
    const events = Array.from({ length: 9 }, (_, n) => event(n));
    for (const e of events) await store.audit.insert(e);
    await store.audit.insert(event(100, { organizationId: 'org2' }));
    expect(await store.audit.get('org1', events[0]!.id)).toEqual(events[0]);
    expect(await store.audit.get('org2', events[0]!.id)).toBeUndefined();

    const newestFirst = [...events].reverse().map((e) => e.id);
    const all = await store.audit.list({ organizationId: 'org1' }, { limit: 100 });
    expect(all.items.map((e) => e.id)).toEqual(newestFirst);
    expect(all).toMatchObject({ count: 9, more: false });

    const seen: string[] = [];
    let after: [string, string] | undefined;
    for (;;) {
      const page = await store.audit.list({ organizationId: 'org1' }, { limit: 4, ...(after ? { after } : {}) });
      expect(page.count).toBe(9);
      seen.push(...page.items.map((e) => e.id));
      if (!page.more) break;
      const last = page.items.at(-1)!;
      after = [last.occurredAt, last.id];
    }
    expect(seen).toEqual(newestFirst);

    const ids = async (filter: object) => (await store.audit.list({ organizationId: 'org1', ...filter }, { limit: 100 })).items.map((e) => e.id);
    const expected = (keep: (e: AuditEventRecord) => boolean) =>
      [...events]
        .reverse()
        .filter(keep)
        .map((e) => e.id);
    expect(await ids({ action: 'space.created' })).toEqual(expected((e) => e.action === 'space.created'));
    expect(await ids({ actorId: 'bob' })).toEqual(expected((e) => e.actorId === 'bob'));
    expect(await ids({ targetId: 'space1', actorId: 'bob' })).toEqual(expected((e) => e.targetId === 'space1'));
    const from = events[2]!.occurredAt;
    const to = events[5]!.occurredAt;
    expect(await ids({ from, to })).toEqual(expected((e) => e.occurredAt >= from && e.occurredAt <= to));
    expect(await ids({ from, to })).toHaveLength(4);
    expect(await ids({ action: 'nothing.like.this' })).toEqual([]);
  });

  it('removes the events older than a time, of every organization', async () => {
    const store = await testStore();
    for (let n = 0; n < 6; n++) await store.audit.insert(event(n, { organizationId: n % 2 ? 'org1' : 'org2' }));
    expect(await store.audit.deleteBefore(event(4).occurredAt)).toBe(4);
    expect((await store.audit.list({ organizationId: 'org1' }, { limit: 10 })).count).toBe(1);
    expect((await store.audit.list({ organizationId: 'org2' }, { limit: 10 })).count).toBe(1);
    expect(await store.audit.deleteBefore(event(4).occurredAt)).toBe(0);
  });
});

describe('audit retention', () => {
  it('the daily job removes the events older than the retention, and schedules the next day', async () => {
    const clock = new ManualClock(new Date('2026-03-01T12:00:00.000Z'));
    const store = await testStore();
    const domain = new Domain(store, { clock, auditRetentionDays: 30 });
    const org = await domain.organizations.ensure('Retained', { emailDomains: [], defaultRole: 'read' });
    const admin = await domain.users.ensure('admin@retained.test', 'Admin');
    await domain.organizations.ensureMember(org.id, admin.id, 'admin');
    const caller = new Caller(store, admin);
    const record = async (id: string) =>
      await domain.audit.record({
        organizationId: org.id,
        action: 'space.created',
        actor: { type: 'user', id: admin.id },
        source: 'api',
        target: { type: 'space', id },
      });
    const targets = async () => (await domain.audit.list(caller, org.id, {})).items.map((e) => e.targetId);

    await record('old');
    clock.advance(20 * DAY);
    await record('recent');
    await domain.audit.scheduleRetention();
    expect(await domain.jobs.runDue()).toBe(1);
    expect(await targets()).toEqual(['recent', 'old']);

    // 31 days after the first event: the next day's job removes it, and only it.
    clock.advance(11 * DAY);
    expect(await domain.jobs.runDue()).toBe(1);
    expect(await targets()).toEqual(['recent']);
    // The job keeps coming back, a day at a time: nothing is due before then.
    expect(await domain.jobs.runDue()).toBe(0);
    clock.advance(20 * DAY);
    expect(await domain.jobs.runDue()).toBe(1);
    expect(await targets()).toEqual([]);
    expect(await store.jobs.byDedupeKey(`${AUDIT_PRUNE_JOB}:2026-04-22`)).toMatchObject({ state: 'pending', runAt: '2026-04-22T12:00:00.000Z' });
  });

  it('orders the ids one process makes, within a millisecond and when the clock steps back', () => {
    const ids = [timeOrderedUuid(5000), timeOrderedUuid(5000), timeOrderedUuid(4000), timeOrderedUuid(6000)];
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
