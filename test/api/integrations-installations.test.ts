import {
  IntegrationInstallationSiteSelection,
  IntegrationInstallationSpaceSelection,
  IntegrationScope,
  IntegrationTarget,
  IntegrationVisibility,
  type PublishIntegration,
} from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

let counter = 0;
/** Publishes a fresh integration owned by the main organization. */
async function publish(overrides: Partial<PublishIntegration> = {}): Promise<string> {
  const name = `inst-${++counter}`;
  await s.client().integrations.publishIntegration(name, {
    organization: s.org,
    title: `Integration ${counter}`,
    description: 'Test integration',
    script: 'export default {}',
    scopes: [IntegrationScope.SpaceContentRead],
    visibility: IntegrationVisibility.Public,
    ...overrides,
  });
  return name;
}

const events = async (name: string) => await s.store.integrations.events(name);

// Seed Part B §4.7 and §6: installations on organizations, and the events each change records.
describe('installations on organizations', () => {
  it('installs, reads, updates and uninstalls, recording an event with the previous state each time', async () => {
    const api = s.client();
    const name = await publish({
      configurations: { account: { properties: { token: { type: 'string' }, limit: { type: 'number' } }, required: ['token'] } },
    });
    const installed = await api.integrations.installIntegration(name, { organization: s.org });
    expect(installed.status).toBe(201);
    const inst = installed.data;
    expect(installed.headers.get('location')).toBe(`${s.url}/v1/integrations/${name}/installations/${inst.id}`);
    expect(inst).toMatchObject({
      status: 'pending',
      space_selection: IntegrationInstallationSpaceSelection.Selected,
      site_selection: IntegrationInstallationSiteSelection.Selected,
      spaces: 0,
      configuration: {},
      externalIds: [],
      target: { organization: s.org },
    });
    expect((await api.integrations.getIntegrationInstallationById(name, inst.id)).data).toEqual(inst);
    expect((await api.orgs.getOrganizationIntegrationStatus(s.org, name)).data).toEqual({ status: 'pending' });

    const { data: updated } = await api.integrations.updateIntegrationInstallation(name, inst.id, {
      configuration: { token: 'abc', limit: 3 },
      externalIds: ['ext-1', 'ext-1', 'ext-2'],
      space_selection: IntegrationInstallationSpaceSelection.All,
    });
    expect(updated).toMatchObject({
      status: 'active',
      configuration: { token: 'abc', limit: 3 },
      externalIds: ['ext-1', 'ext-2'],
      space_selection: IntegrationInstallationSpaceSelection.All,
    });
    expect((await api.orgs.getOrganizationIntegrationStatus(s.org, name)).data).toEqual({ status: 'active' });

    // externalIds alone change nothing the integration is told about.
    await api.integrations.updateIntegrationInstallation(name, inst.id, { externalIds: ['ext-3'] });
    expect(await events(name)).toHaveLength(2);

    expect((await api.integrations.uninstallIntegration(name, inst.id)).status).toBe(205);
    expect(await statusOf(api.integrations.uninstallIntegration(name, inst.id))).toBe(404);
    expect(await statusOf(api.integrations.getIntegrationInstallationById(name, inst.id))).toBe(404);
    expect(await statusOf(api.orgs.getOrganizationIntegrationStatus(s.org, name))).toBe(404);

    const payloads = (await events(name)).map((e) => e.payload);
    expect(payloads).toEqual([
      { eventId: expect.any(String), type: 'installation_setup', installationId: inst.id, status: 'pending' },
      {
        eventId: expect.any(String),
        type: 'installation_setup',
        installationId: inst.id,
        status: 'active',
        previous: { status: 'pending', configuration: {} },
      },
      { eventId: expect.any(String), type: 'installation_deleted', installationId: inst.id, previous: { configuration: { token: 'abc', limit: 3 } } },
    ]);
    expect(new Set(payloads.map((p) => p.eventId)).size).toBe(3);
  });

  it('lists and reads the events with a trace, for the publisher only', async () => {
    const api = s.client();
    const name = await publish();
    const { data: inst } = await api.integrations.installIntegration(name, { organization: s.org });
    await api.integrations.updateIntegrationInstallation(name, inst.id, { site_selection: IntegrationInstallationSiteSelection.All });
    const { data: listed } = await api.integrations.listIntegrationEvents(name);
    expect(listed.count).toBe(2);
    expect(listed.items.map((e) => e.payload.type).sort()).toEqual(['installation_setup', 'installation_setup']);
    for (const item of listed.items) {
      expect(item).toMatchObject({ integrationId: (await s.store.integrations.get(name))!.id, installationId: inst.id, status: 'success' });
    }
    const { data: one } = await api.integrations.getIntegrationEvent(name, listed.items[0]!.id);
    expect(one.event).toEqual(listed.items[0]);
    expect(one.trace!.logs).toEqual([{ level: 'info', timestamp: expect.any(String), message: expect.stringContaining('not in development mode') }]);

    const page = (await api.integrations.listIntegrationEvents(name, { limit: 1 })).data;
    expect(page.items).toHaveLength(1);
    expect((await api.integrations.listIntegrationEvents(name, { limit: 1, page: page.next!.page })).data.items).toHaveLength(1);

    const member = s.client((await s.member('create')).token);
    expect(await statusOf(member.integrations.listIntegrationEvents(name))).toBe(403);
    expect(await statusOf(member.integrations.getIntegrationEvent(name, one.event.id))).toBe(403);
    expect(await statusOf(api.integrations.getIntegrationEvent(name, 'no-such-event'))).toBe(404);
    const otherName = await publish();
    expect(await statusOf(api.integrations.getIntegrationEvent(otherName, one.event.id))).toBe(404);
  });

  it('checks who installs: an admin of the target organization, once, and private integrations only at home', async () => {
    const api = s.client();
    const name = await publish();
    const editor = s.client((await s.member('edit')).token);
    expect(await statusOf(editor.integrations.installIntegration(name, { organization: s.org }))).toBe(403);
    expect(await statusOf(api.integrations.installIntegration(name, { organization: 'no-such-org' }))).toBe(404);
    expect(await statusOf(api.integrations.installIntegration('no-such-integration', { organization: s.org }))).toBe(404);
    const { data: inst } = await api.integrations.installIntegration(name, { organization: s.org });
    expect(await statusOf(api.integrations.installIntegration(name, { organization: s.org }))).toBe(409);

    // The other organization's admin installs the public integration in their organization.
    const otherAdmin = await s.member('admin', s.otherOrg);
    const other = s.client(otherAdmin.token);
    const { data: theirs } = await other.integrations.installIntegration(name, { organization: s.otherOrg });
    expect(theirs.target.organization).toBe(s.otherOrg);
    // Neither reads nor changes the other's installation; the publisher (an admin of the main organization only) reads both.
    expect(await statusOf(other.integrations.getIntegrationInstallationById(name, inst.id))).toBe(403);
    expect(await statusOf(other.integrations.updateIntegrationInstallation(name, inst.id, { configuration: {} }))).toBe(403);
    expect(await statusOf(other.integrations.uninstallIntegration(name, inst.id))).toBe(403);
    const developer = s.client((await s.member('admin')).token);
    expect((await developer.integrations.getIntegrationInstallationById(name, theirs.id)).data.id).toBe(theirs.id);
    // The publisher may not uninstall it from someone else's organization.
    expect(await statusOf(developer.integrations.uninstallIntegration(name, theirs.id))).toBe(403);
    expect(await s.store.integrations.installation(theirs.id)).toBeDefined();

    const privateName = await publish({ visibility: IntegrationVisibility.Private });
    expect(await statusOf(other.integrations.installIntegration(privateName, { organization: s.otherOrg }))).toBe(404);
    // The server admin, admin of both organizations, sees the private integration, yet cannot install it outside its home.
    expect(await statusOf(api.integrations.installIntegration(privateName, { organization: s.otherOrg }))).toBe(403);
    expect(await s.store.integrations.installationIn(privateName, s.otherOrg)).toBeUndefined();
  });

  it('lists installations for the publisher, filtered by external id', async () => {
    const api = s.client();
    const name = await publish();
    const { data: mine } = await api.integrations.installIntegration(name, { organization: s.org });
    const other = s.client((await s.member('admin', s.otherOrg)).token);
    const { data: theirs } = await other.integrations.installIntegration(name, { organization: s.otherOrg });
    await other.integrations.updateIntegrationInstallation(name, theirs.id, { externalIds: ['team-42'] });

    const all = (await api.integrations.listIntegrationInstallations(name)).data;
    expect(all.items.map((i) => i.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect((await api.integrations.listIntegrationInstallations(name, { externalId: 'team-42' })).data.items.map((i) => i.id)).toEqual([theirs.id]);
    expect(await statusOf(other.integrations.listIntegrationInstallations(name))).toBe(403);
  });

  it('answers 400 naming the field for bad bodies, and changes nothing', async () => {
    const api = s.client();
    const name = await publish({
      configurations: {
        account: {
          properties: { token: { type: 'string', enum: ['a', 'b'] }, on: { type: 'boolean' }, go: { type: 'button', callback_url: '/x', button_text: 'Go' } },
        },
      },
    });
    const { data: inst } = await api.integrations.installIntegration(name, { organization: s.org });
    const before = await s.store.snapshot();
    const cases: [string, unknown, string][] = [
      [`/v1/integrations/${name}/installations`, {}, 'organization'],
      [`/v1/integrations/${name}/installations`, { organization: 5 }, 'organization'],
    ];
    for (const [path, body, field] of cases) {
      const response = await s.request('POST', path, { body });
      expect(response.status).toBe(400);
      expect(response.json.error.message).toContain(field);
    }
    const patches: [unknown, string][] = [
      [{ externalIds: 'x' }, 'externalIds'],
      [{ externalIds: ['1', '2', '3', '4', '5', '6'] }, 'externalIds'],
      [{ space_selection: 'some' }, 'space_selection'],
      [{ site_selection: 'none' }, 'site_selection'],
      [{ configuration: 'x' }, 'configuration'],
      [{ configuration: { token: 'c' } }, 'configuration.token'],
      [{ configuration: { token: 7 } }, 'configuration.token'],
      [{ configuration: { on: 'yes' } }, 'configuration.on'],
      [{ configuration: { go: 'now' } }, 'configuration.go'],
      [{ configuration: { unknown: 1 } }, 'configuration.unknown'],
    ];
    for (const [body, field] of patches) {
      const response = await s.request('PATCH', `/v1/integrations/${name}/installations/${inst.id}`, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error.message).toContain(field);
    }
    expect(await s.store.snapshot()).toEqual(before);
  });
});

describe('installations on spaces and sites', () => {
  it('installs on a space, lists, reads, updates and uninstalls, with events', async () => {
    const api = s.client();
    const name = await publish({
      target: IntegrationTarget.Space,
      configurations: { space: { properties: { channel: { type: 'string' } }, required: ['channel'] } },
    });
    const { data: inst } = await api.integrations.installIntegration(name, { organization: s.org });
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Installed here' });

    const created = await api.integrations.installIntegrationOnSpace(name, inst.id, { space: space.id });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${s.url}/v1/integrations/${name}/installations/${inst.id}/spaces/${space.id}`);
    expect(created.data).toMatchObject({ integration: name, installation: inst.id, status: 'pending', configuration: {}, externalIds: [], space: space.id });
    expect(await statusOf(api.integrations.installIntegrationOnSpace(name, inst.id, { space: space.id }))).toBe(409);
    expect((await api.integrations.getIntegrationInstallationById(name, inst.id)).data.spaces).toBe(1);

    const extended = (await api.integrations.getIntegrationSpaceInstallation(name, inst.id, space.id, { extended: true })).data;
    expect(extended.space).toMatchObject({ object: 'space', id: space.id, title: 'Installed here' });

    const { data: updated } = await api.integrations.updateIntegrationSpaceInstallation(name, inst.id, space.id, {
      configuration: { channel: '#docs' },
      externalIds: ['chan-1'],
    });
    expect(updated).toMatchObject({ status: 'active', configuration: { channel: '#docs' }, externalIds: ['chan-1'] });
    const before = await s.store.snapshot();
    for (const [body, field] of [
      [{ configuration: { channel: 5 } }, 'configuration.channel'],
      [{ configuration: { other: 'x' } }, 'configuration.other'],
      [{ externalIds: [1] }, 'externalIds'],
      [{ configuration: [] }, 'configuration'],
    ] as const) {
      const response = await s.request('PATCH', `/v1/integrations/${name}/installations/${inst.id}/spaces/${space.id}`, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error.message).toContain(field);
    }
    expect(await s.store.snapshot()).toEqual(before);

    const listed = (await api.integrations.listIntegrationInstallationSpaces(name, inst.id)).data;
    expect(listed.items.map((i) => i.space)).toEqual([space.id]);
    expect((await api.integrations.listIntegrationSpaceInstallations(name, { externalId: 'chan-1' })).data.items.map((i) => i.space)).toEqual([space.id]);
    expect((await api.integrations.listIntegrationSpaceInstallations(name, { externalId: 'nope' })).data.items).toEqual([]);
    const extendedList = (await api.integrations.listIntegrationSpaceInstallations(name, { extended: true })).data;
    expect(extendedList.items[0]!.space).toMatchObject({ id: space.id });

    // Enabled on that space: listed with its blocks.
    expect((await api.spaces.listSpaceIntegrations(space.id)).data.items.map((i) => i.name)).toEqual([name]);

    expect((await api.integrations.uninstallIntegrationFromSpace(name, inst.id, space.id)).status).toBe(205);
    expect((await api.integrations.uninstallIntegrationFromSpace(name, inst.id, space.id)).status).toBe(204);
    expect(await statusOf(api.integrations.getIntegrationSpaceInstallation(name, inst.id, space.id))).toBe(404);
    expect((await api.spaces.listSpaceIntegrations(space.id)).data.items).toEqual([]);

    expect((await events(name)).map((e) => e.payload)).toEqual([
      expect.objectContaining({ type: 'installation_setup' }),
      { eventId: expect.any(String), type: 'space_installation_setup', installationId: inst.id, spaceId: space.id, status: 'pending' },
      {
        eventId: expect.any(String),
        type: 'space_installation_setup',
        installationId: inst.id,
        spaceId: space.id,
        status: 'active',
        previous: { status: 'pending', configuration: {} },
      },
      {
        eventId: expect.any(String),
        type: 'space_installation_deleted',
        installationId: inst.id,
        spaceId: space.id,
        previous: { configuration: { channel: '#docs' } },
      },
    ]);
  });

  it('installs on a site, lists, reads, updates and uninstalls, with events', async () => {
    const api = s.client();
    const name = await publish({
      target: IntegrationTarget.Site,
      scopes: [IntegrationScope.SiteScriptInject, IntegrationScope.SiteScriptCookies],
      contentSecurityPolicy: { 'script-src': 'https://cdn.example.com' },
    });
    const { data: inst } = await api.integrations.installIntegration(name, { organization: s.org });
    const { data: site } = await api.orgs.createSite(s.org, { title: 'Docs site' });

    const created = await api.integrations.installIntegrationOnSite(name, inst.id, { siteId: site.id });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ integration: name, installation: inst.id, status: 'active', site: site.id });
    const extended = (await api.integrations.getIntegrationSiteInstallation(name, inst.id, site.id, { extended: true })).data;
    expect(extended.site).toMatchObject({ object: 'site', id: site.id });
    const { data: updated } = await api.integrations.updateIntegrationSiteInstallation(name, inst.id, site.id, { externalIds: ['prop-1'] });
    expect(updated.externalIds).toEqual(['prop-1']);
    const before = await s.store.snapshot();
    for (const [body, field] of [
      [{ externalIds: 'prop-2' }, 'externalIds'],
      [{ externalIds: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'externalIds'],
      [{ configuration: 'x' }, 'configuration'],
    ] as const) {
      const response = await s.request('PATCH', `/v1/integrations/${name}/installations/${inst.id}/sites/${site.id}`, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error.message).toContain(field);
    }
    expect(await s.store.snapshot()).toEqual(before);

    expect((await api.integrations.listIntegrationInstallationSites(name, inst.id)).data.items.map((i) => i.site)).toEqual([site.id]);
    expect((await api.integrations.listIntegrationSiteInstallations(name, { externalId: 'prop-1' })).data.items.map((i) => i.site)).toEqual([site.id]);
    expect((await api.orgs.listSiteIntegrations(s.org, site.id, { search: name })).data.items.map((i) => i.name)).toEqual([name]);
    expect((await api.orgs.listSiteIntegrationScripts(s.org, site.id)).data.filter((x) => x.script.includes(`/${name}/`))).toEqual([
      {
        script: `${s.url}/integrations/${name}/installations/${inst.id}/sites/${site.id}/script.js`,
        cookies: true,
        contentSecurityPolicy: 'script-src https://cdn.example.com',
      },
    ]);

    expect((await api.integrations.uninstallIntegrationFromSite(name, inst.id, site.id)).status).toBe(205);
    expect((await api.orgs.listSiteIntegrations(s.org, site.id, { search: name })).data.items).toEqual([]);
    expect((await api.orgs.listSiteIntegrationScripts(s.org, site.id)).data.filter((x) => x.script.includes(`/${name}/`))).toEqual([]);
    expect((await events(name)).map((e) => e.type)).toEqual(['installation_setup', 'site_installation_setup', 'site_installation_deleted']);
  });

  it('with selection `all`, is enabled on every space or site of the organization', async () => {
    const api = s.client();
    const name = await publish({ blocks: [{ id: 'chart', title: 'Chart' }], scopes: [IntegrationScope.SiteScriptInject] });
    const { data: inst } = await api.integrations.installIntegration(name, { organization: s.org });
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Every space' });
    const { data: site } = await api.orgs.createSite(s.org, { title: 'Every site' });
    expect((await api.spaces.listSpaceIntegrations(space.id)).data.items.map((i) => i.name)).not.toContain(name);
    expect((await api.spaces.listSpaceIntegrationsBlocks(space.id)).data.map((b) => b.name)).not.toContain(name);

    await api.integrations.updateIntegrationInstallation(name, inst.id, {
      space_selection: IntegrationInstallationSpaceSelection.All,
      site_selection: IntegrationInstallationSiteSelection.All,
    });
    expect((await api.spaces.listSpaceIntegrations(space.id, { search: name })).data.items.map((i) => i.name)).toEqual([name]);
    expect((await api.spaces.listSpaceIntegrationsBlocks(space.id)).data.find((b) => b.name === name)).toEqual({
      name,
      blocks: [{ id: 'chart', title: 'Chart' }],
    });
    expect((await api.orgs.listSiteIntegrations(s.org, site.id, { search: name })).data.items.map((i) => i.name)).toEqual([name]);
    expect((await api.orgs.listSiteIntegrationScripts(s.org, site.id)).data.map((x) => x.script)).toContain(
      `${s.url}/integrations/${name}/installations/${inst.id}/sites/${site.id}/script.js`,
    );
    expect(await statusOf(api.spaces.listSpaceIntegrationsBlocks('no-such-space'))).toBe(404);
    const outsider = s.client((await s.member('none')).token);
    expect(await statusOf(outsider.spaces.listSpaceIntegrations(space.id))).toBe(403);
    expect(await statusOf(outsider.orgs.listSiteIntegrations(s.org, site.id))).toBe(403);
  });

  it('refuses targets the integration does not support, and spaces or sites of other organizations', async () => {
    const api = s.client();
    const siteOnly = await publish({ target: IntegrationTarget.Site });
    const spaceOnly = await publish({ target: IntegrationTarget.Space });
    const { data: a } = await api.integrations.installIntegration(siteOnly, { organization: s.org });
    const { data: b } = await api.integrations.installIntegration(spaceOnly, { organization: s.org });
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Target' });
    const { data: site } = await api.orgs.createSite(s.org, { title: 'Target site' });
    const otherAdmin = await s.member('admin', s.otherOrg);
    const { data: foreign } = await s.client(otherAdmin.token).orgs.createSpace(s.otherOrg, { title: 'Foreign' });
    const editor = await s.member('edit');
    const spaceAdmin = await s.member('read');
    const before = await s.store.snapshot();

    let response = await s.request('POST', `/v1/integrations/${siteOnly}/installations/${a.id}/spaces`, { body: { space: space.id } });
    expect(response.status).toBe(400);
    expect(response.json.error.message).toContain('space');
    response = await s.request('POST', `/v1/integrations/${spaceOnly}/installations/${b.id}/sites`, { body: { siteId: site.id } });
    expect(response.status).toBe(400);
    expect(response.json.error.message).toContain('siteId');
    response = await s.request('POST', `/v1/integrations/${spaceOnly}/installations/${b.id}/spaces`, { body: {} });
    expect(response.status).toBe(400);
    expect(response.json.error.message).toContain('space');
    response = await s.request('POST', `/v1/integrations/${siteOnly}/installations/${a.id}/sites`, { body: { site: site.id } });
    expect(response.status).toBe(400);
    expect(response.json.error.message).toContain('siteId');
    response = await s.request('PATCH', `/v1/integrations/${spaceOnly}/installations/${b.id}/spaces/${space.id}`, { body: { externalIds: [1] } });
    expect(response.status).toBe(400);
    expect(response.json.error.message).toContain('externalIds');

    expect(await statusOf(api.integrations.installIntegrationOnSpace(spaceOnly, b.id, { space: foreign.id }))).toBe(404);
    expect(await statusOf(api.integrations.installIntegrationOnSpace(spaceOnly, b.id, { space: 'no-such-space' }))).toBe(404);
    expect(await statusOf(api.integrations.installIntegrationOnSpace(spaceOnly, 'no-such-installation', { space: space.id }))).toBe(404);
    expect(await statusOf(api.integrations.installIntegrationOnSite(siteOnly, a.id, { siteId: 'no-such-site' }))).toBe(404);
    // A space editor is not enough; a space admin who is not an organization admin is.
    expect(await statusOf(s.client(editor.token).integrations.installIntegrationOnSpace(spaceOnly, b.id, { space: space.id }))).toBe(403);
    expect(await s.store.snapshot()).toEqual(before);

    await api.spaces.inviteToSpace(space.id, { role: 'admin', users: [spaceAdmin.userId] } as never);
    const theirs = s.client(spaceAdmin.token);
    expect((await theirs.integrations.installIntegrationOnSpace(spaceOnly, b.id, { space: space.id })).status).toBe(201);
    expect((await theirs.integrations.getIntegrationSpaceInstallation(spaceOnly, b.id, space.id)).data.space).toBe(space.id);
    expect(await statusOf(theirs.integrations.listIntegrationInstallationSpaces(spaceOnly, b.id))).toBe(403);
    expect((await theirs.integrations.uninstallIntegrationFromSpace(spaceOnly, b.id, space.id)).status).toBe(205);
  });

  it('lists the organization installations and statuses', async () => {
    const api = s.client();
    const name = await publish({ title: 'Status board', configurations: { space: { properties: { x: { type: 'string' } }, required: ['x'] } } });
    const { data: inst } = await api.integrations.installIntegration(name, { organization: s.org });
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Status space' });
    await api.integrations.installIntegrationOnSpace(name, inst.id, { space: space.id });

    const installs = (await api.orgs.listOrganizationInstallations(s.org, { search: 'status board' })).data.items;
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatchObject({ integration: { name }, installation: { id: inst.id, spaces: 1 } });
    expect(await statusOf(s.client((await s.member('edit')).token).orgs.listOrganizationInstallations(s.org))).toBe(403);

    const statuses = async (target?: 'organization' | 'space' | 'site') =>
      (await api.orgs.listOrganizationIntegrationsStatus(s.org, target ? { target } : {})).data.items.filter((i) => i.integration.name === name);
    expect(await statuses()).toEqual([
      { status: 'active', integration: expect.objectContaining({ name }), target: { type: 'organization', organizationId: s.org } },
    ]);
    expect(await statuses('space')).toEqual([
      { status: 'pending', integration: expect.objectContaining({ name }), target: { type: 'space', spaceId: space.id } },
    ]);
    expect(await statuses('site')).toEqual([]);
    // 0.202.0's `space` narrows the list to one space's installations.
    const other = (await api.orgs.createSpace(s.org, { title: 'Other status space' })).data;
    await api.integrations.installIntegrationOnSpace(name, inst.id, { space: other.id });
    expect((await statuses('space')).map((i) => (i as unknown as { target: { spaceId: string } }).target.spaceId).sort()).toEqual([space.id, other.id].sort());
    const scoped = (await s.newerClient().orgs.listOrganizationIntegrationsStatus(s.org, { target: 'space', space: other.id })).data.items;
    expect(scoped.filter((i) => i.integration.name === name).map((i) => i.target)).toEqual([{ type: 'space', spaceId: other.id }]);
    const reader = s.client((await s.member('read')).token);
    expect((await reader.orgs.listOrganizationIntegrationsStatus(s.org)).data.items.map((i) => i.integration.name)).toContain(name);
    expect(await statusOf(s.client((await s.member('none')).token).orgs.listOrganizationIntegrationsStatus(s.org))).toBe(403);
    const response = await s.request('GET', `/v1/orgs/${s.org}/integrations/installations-status?target=everything`);
    expect(response.status).toBe(400);
    expect(response.json.error.message).toContain('target');
  });

  it('drops the space installations of a space removed for good, and of an uninstalled installation', async () => {
    const api = s.client();
    const name = await publish();
    const { data: inst } = await api.integrations.installIntegration(name, { organization: s.org });
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Ephemeral' });
    await api.integrations.installIntegrationOnSpace(name, inst.id, { space: space.id });
    expect(await s.store.content.purgeSpace(space.id)).toBe(true);
    expect(await s.store.integrations.contentInstallations('space', inst.id)).toEqual([]);

    const { data: kept } = await api.orgs.createSpace(s.org, { title: 'Kept' });
    await api.integrations.installIntegrationOnSpace(name, inst.id, { space: kept.id });
    await api.integrations.uninstallIntegration(name, inst.id);
    expect(await s.store.integrations.contentInstallations('space', inst.id)).toEqual([]);
    expect(await s.store.content.space(kept.id)).toBeDefined();
  });
});
