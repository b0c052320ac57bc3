import { IntegrationScope, IntegrationVisibility } from '@gitbook/api';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/index.js';
import { statusOf, useServer } from '../helpers/server.js';

// Development mode (seed Part B §4.7, §6): events go to the tunnel by HTTP POST, through the guarded fetch, retried by
// the durable Jobs with backoff. The tunnel here is on loopback, which development tunnels may always use (DESIGN §8):
// it is deliberately not added to DOCS_ALLOW_HOSTS.
const clock = new ManualClock(new Date('2026-04-01T09:00:00.000Z'));
const s = useServer({ clock });

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A tunnel whose answer per path the tests set: a status and a body. */
const tunnel = { url: '', hits: [] as Hit[], answers: new Map<string, { status: number; body: string }[]>() };
let server: Server;
beforeAll(async () => {
  server = createServer((request, response) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    request.on('end', () => {
      const path = request.url ?? '/';
      tunnel.hits.push({ path, headers: request.headers, body: JSON.parse(data) as Record<string, unknown> });
      const answer = tunnel.answers.get(path)?.shift() ?? { status: 200, body: 'ok' };
      response.writeHead(answer.status).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tunnel.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const hitsAt = (path: string) => tunnel.hits.filter((h) => h.path === path);
const answer = (path: string, ...answers: { status: number; body: string }[]) => tunnel.answers.set(path, answers);

let counter = 0;
async function devIntegration(path: string, options: { all?: boolean; secrets?: Record<string, string> } = {}): Promise<string> {
  const name = `dev-${++counter}`;
  const api = s.client();
  await api.integrations.publishIntegration(name, {
    organization: s.org,
    title: `Dev ${counter}`,
    description: 'In development',
    script: 'export default {}',
    scopes: [IntegrationScope.SpaceContentRead],
    visibility: IntegrationVisibility.Public,
    ...(options.secrets ? { secrets: options.secrets } : {}),
  });
  await api.integrations.setIntegrationDevelopmentMode(name, { tunnelUrl: `${tunnel.url}${path}`, all: options.all ?? false });
  return name;
}

async function eventOf(name: string, type: string) {
  const { data } = await s.client().integrations.listIntegrationEvents(name);
  const event = data.items.find((e) => e.payload.type === type)!;
  return (await s.client().integrations.getIntegrationEvent(name, event.id)).data as {
    event: typeof event & { delivery: { state: string; attempts: number } };
    trace: { logs: { message: string; level: string }[] };
  };
}

describe('event delivery to a development tunnel', () => {
  it('POSTs installation_setup to the tunnel when the integration is installed, and records the success with a trace', async () => {
    const name = await devIntegration('/ok', { secrets: { TOKEN: 'never-sent-anywhere' } });
    const { data: inst } = await s.client().integrations.installIntegration(name, { organization: s.org });
    await s.domain.jobs.runDue();

    const hits = hitsAt('/ok');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.body).toEqual({ eventId: expect.any(String), type: 'installation_setup', installationId: inst.id, status: 'active' });
    expect(hits[0]!.headers['content-type']).toBe('application/json');
    expect(hits[0]!.headers['x-quire-event-type']).toBe('installation_setup');
    expect(JSON.stringify(hits[0])).not.toContain('never-sent-anywhere');

    const { event, trace } = await eventOf(name, 'installation_setup');
    expect(event).toMatchObject({ id: hits[0]!.body.eventId, status: 'success', installationId: inst.id, delivery: { state: 'success', attempts: 1 } });
    expect(trace.logs.map((l) => l.level)).toEqual(['info', 'debug', 'info']);
    expect(trace.logs[0]!.message).toContain(`${tunnel.url}/ok`);
    expect(trace.logs[1]!.message).toBe(`POST ${tunnel.url}/ok (attempt 1 of 5)`);
    expect(trace.logs[2]!.message).toBe('Delivered: the tunnel answered HTTP 200');

    // Later changes are delivered too, in order, with the state before the change.
    const { data: space } = await s.client().orgs.createSpace(s.org, { title: 'Tunnelled' });
    await s.client().integrations.installIntegrationOnSpace(name, inst.id, { space: space.id });
    await s.client().integrations.updateIntegrationInstallation(name, inst.id, { configuration: { any: 'thing' } });
    await s.client().integrations.uninstallIntegration(name, inst.id);
    await s.domain.jobs.runDue();
    expect(
      hitsAt('/ok')
        .map((h) => h.body.type)
        .sort(),
    ).toEqual(['installation_deleted', 'installation_setup', 'installation_setup', 'space_installation_setup']);
    const deleted = hitsAt('/ok').find((h) => h.body.type === 'installation_deleted')!;
    expect(deleted.body).toMatchObject({ installationId: inst.id, previous: { configuration: { any: 'thing' } } });
    const spaceSetup = hitsAt('/ok').find((h) => h.body.type === 'space_installation_setup')!;
    expect(spaceSetup.body).toMatchObject({ installationId: inst.id, spaceId: space.id, status: 'active' });
  });

  it('retries a failing tunnel with backoff, then marks the event failed with the whole story in its trace', async () => {
    const name = await devIntegration('/down');
    answer('/down', ...Array.from({ length: 5 }, () => ({ status: 500, body: 'boom' })));
    await s.client().integrations.installIntegration(name, { organization: s.org });
    await s.domain.jobs.runDue();
    expect(hitsAt('/down')).toHaveLength(1);

    let { event, trace } = await eventOf(name, 'installation_setup');
    expect(event.status).toBe('failed');
    expect(event.delivery).toEqual({ state: 'pending', attempts: 1 });
    expect(trace.logs.at(-1)).toMatchObject({ level: 'warn', message: 'Attempt 1 failed: the tunnel answered HTTP 500: boom; it will be retried' });
    const job = (await s.store.jobs.list()).find((j) => (j.payload as { event?: string }).event === event.id)!;
    expect(job).toMatchObject({ state: 'pending', attempts: 1, runAt: new Date(clock.now().getTime() + 1000).toISOString() });

    // Nothing happens before the backoff has passed: 1, 2, 4 and 8 seconds.
    await s.domain.jobs.runDue();
    expect(hitsAt('/down')).toHaveLength(1);
    for (const [attempt, delay] of [
      [2, 1000],
      [3, 2000],
      [4, 4000],
      [5, 8000],
    ] as const) {
      clock.advance(delay - 1);
      await s.domain.jobs.runDue();
      expect(hitsAt('/down')).toHaveLength(attempt - 1);
      clock.advance(1);
      await s.domain.jobs.runDue();
      expect(hitsAt('/down')).toHaveLength(attempt);
    }
    ({ event, trace } = await eventOf(name, 'installation_setup'));
    expect(event.status).toBe('failed');
    expect(event.delivery).toEqual({ state: 'failed', attempts: 5 });
    expect(trace.logs.filter((l) => l.level === 'debug')).toHaveLength(5);
    expect(trace.logs.filter((l) => l.level === 'warn')).toHaveLength(4);
    expect(trace.logs.at(-1)).toMatchObject({ level: 'error', message: 'Failed after 5 attempts: the tunnel answered HTTP 500: boom' });
    expect(await s.store.jobs.get(job.id)).toMatchObject({ state: 'failed', attempts: 5 });

    clock.advance(60 * 60 * 1000);
    await s.domain.jobs.runDue();
    expect(hitsAt('/down')).toHaveLength(5);
  });

  it('succeeds on a retry when the tunnel comes back', async () => {
    const name = await devIntegration('/flaky');
    answer('/flaky', { status: 503, body: '' });
    await s.client().integrations.installIntegration(name, { organization: s.org });
    await s.domain.jobs.runDue();
    clock.advance(1000);
    await s.domain.jobs.runDue();
    expect(hitsAt('/flaky')).toHaveLength(2);
    expect(hitsAt('/flaky')[0]!.body.eventId).toBe(hitsAt('/flaky')[1]!.body.eventId);
    const { event, trace } = await eventOf(name, 'installation_setup');
    expect(event).toMatchObject({ status: 'success', delivery: { state: 'success', attempts: 2 } });
    expect(trace.logs.map((l) => l.level)).toEqual(['info', 'debug', 'warn', 'debug', 'info']);
    expect(trace.logs[2]!.message).toBe('Attempt 1 failed: the tunnel answered HTTP 503; it will be retried');
  });

  it('forwards only the owner organization events unless `all` is set', async () => {
    const other = s.client((await s.member('admin', s.otherOrg)).token);
    const ownerOnly = await devIntegration('/owner-only');
    await other.integrations.installIntegration(ownerOnly, { organization: s.otherOrg });
    await s.domain.jobs.runDue();
    expect(hitsAt('/owner-only')).toHaveLength(0);
    const { event, trace } = await eventOf(ownerOnly, 'installation_setup');
    expect(event.status).toBe('success');
    expect(trace.logs[0]!.message).toContain('development mode forwards only the events of the organization');

    const everyone = await devIntegration('/everyone', { all: true });
    const { data: theirs } = await other.integrations.installIntegration(everyone, { organization: s.otherOrg });
    await s.domain.jobs.runDue();
    expect(hitsAt('/everyone').map((h) => h.body.installationId)).toEqual([theirs.id]);
  });

  it('gives up when development mode is turned off before a retry', async () => {
    const name = await devIntegration('/then-off');
    answer('/then-off', { status: 500, body: 'not yet' });
    await s.client().integrations.installIntegration(name, { organization: s.org });
    await s.domain.jobs.runDue();
    await s.client().integrations.disableIntegrationDevelopmentMode(name);
    clock.advance(1000);
    await s.domain.jobs.runDue();
    expect(hitsAt('/then-off')).toHaveLength(1);
    const { event, trace } = await eventOf(name, 'installation_setup');
    expect(event).toMatchObject({ status: 'failed', delivery: { state: 'failed', attempts: 2 } });
    expect(trace.logs.at(-1)).toMatchObject({ level: 'warn', message: expect.stringContaining('development mode was turned off') });
  });

  it('goes through the guarded fetch: a tunnel on a private network is refused without allowHosts', async () => {
    const name = `dev-private-${++counter}`;
    const api = s.client();
    await api.integrations.publishIntegration(name, { organization: s.org, title: 'Private net', description: 'x', script: 'x', scopes: [] });
    await api.integrations.setIntegrationDevelopmentMode(name, { tunnelUrl: 'http://10.255.255.1:9/hook' });
    await api.integrations.installIntegration(name, { organization: s.org });
    await s.domain.jobs.runDue();
    const { event, trace } = await eventOf(name, 'installation_setup');
    expect(event.delivery).toEqual({ state: 'pending', attempts: 1 });
    expect(trace.logs.at(-1)!.message).toContain('10.255.255.1 is a loopback or private address');
    await api.integrations.disableIntegrationDevelopmentMode(name);
    clock.advance(1000);
    await s.domain.jobs.runDue();
  });

  it('lets only the publisher read the events', async () => {
    const name = await devIntegration('/quiet');
    await s.client().integrations.installIntegration(name, { organization: s.org });
    await s.domain.jobs.runDue();
    const reader = s.client((await s.member('read')).token);
    expect(await statusOf(reader.integrations.listIntegrationEvents(name))).toBe(403);
    expect((await s.request('GET', `/v1/integrations/${name}/events`, { token: null })).status).toBe(401);
  });
});
