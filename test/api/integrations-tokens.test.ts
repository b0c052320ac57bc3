import { IntegrationInstallationSpaceSelection, IntegrationScope, IntegrationVisibility } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/index.js';
import { statusOf, useServer } from '../helpers/server.js';

// createIntegrationInstallationToken: a temporary token that authenticates as the installation, limited to its scopes
// and to the spaces it is installed on.
const clock = new ManualClock(new Date('2026-05-01T08:00:00.000Z'));
const s = useServer({ clock });

let counter = 0;
async function installed(scopes: IntegrationScope[]) {
  const name = `tok-${++counter}`;
  const api = s.client();
  await api.integrations.publishIntegration(name, {
    organization: s.org,
    title: `Bot ${counter}`,
    description: 'Uses tokens',
    script: 'export default {}',
    scopes,
    visibility: IntegrationVisibility.Public,
  });
  const { data: installation } = await api.integrations.installIntegration(name, { organization: s.org });
  const { data: mine } = await api.orgs.createSpace(s.org, { title: `Installed ${counter}` });
  const { data: notMine } = await api.orgs.createSpace(s.org, { title: `Not installed ${counter}` });
  await api.integrations.installIntegrationOnSpace(name, installation.id, { space: mine.id });
  const { data } = await api.integrations.createIntegrationInstallationToken(name, installation.id);
  return { name, installation, mine, notMine, token: data.token, bot: s.client(data.token) };
}

describe('installation tokens', () => {
  it('reads the content of the spaces it is installed on with space:content:read, and nothing else', async () => {
    const { name, installation, mine, notMine, token, bot } = await installed([IntegrationScope.SpaceContentRead]);
    expect(token).toMatch(/^docs_inst_/);
    expect(JSON.stringify(await s.store.snapshot())).not.toContain(token);

    const { data: me } = await bot.user.getAuthenticatedUser();
    expect(me.displayName).toBe(`Bot ${counter}`);
    const { data: space } = await bot.spaces.getSpaceById(mine.id);
    expect(space.permissions).toMatchObject({ view: true, edit: false, admin: false, comment: false });
    expect((await bot.spaces.getCurrentRevision(mine.id)).data.id).toBe(mine.revision);
    expect((await bot.spaces.listPages(mine.id)).data.pages).toEqual([]);
    expect((await bot.orgs.listSpacesInOrganizationById(s.org)).data.items.map((x) => x.id)).toEqual([mine.id]);

    expect(await statusOf(bot.spaces.getSpaceById(notMine.id))).toBe(403);
    expect(await statusOf(bot.spaces.getCurrentRevision(notMine.id))).toBe(403);
    expect(await statusOf(bot.spaces.updateSpaceById(mine.id, { title: 'Renamed by bot' } as never))).toBe(403);
    expect(await statusOf(bot.spaces.postCommentInSpace(mine.id, { body: { markdown: 'hi' } } as never))).toBe(403);
    expect(await statusOf(bot.orgs.listMembersInOrganizationById(s.org))).toBe(403);
    expect(await statusOf(bot.orgs.listSpacesInOrganizationById(s.otherOrg))).toBe(403);
    expect(await statusOf(bot.orgs.createSpace(s.org, { title: 'Bot space' }))).toBe(403);
    expect(await statusOf(bot.integrations.publishIntegration(name, { organization: s.org, title: 'Bot', description: 'x', script: 'x', scopes: [] }))).toBe(
      403,
    );

    // It reads its own installation and lists only it; not another installation of the same integration.
    expect((await bot.integrations.getIntegrationInstallationById(name, installation.id)).data.id).toBe(installation.id);
    expect((await bot.integrations.listIntegrationInstallations(name)).data.items.map((i) => i.id)).toEqual([installation.id]);
    expect((await bot.integrations.listIntegrationSpaceInstallations(name)).data.items.map((i) => i.space)).toEqual([mine.id]);
    const other = s.client((await s.member('admin', s.otherOrg)).token);
    const { data: theirs } = await other.integrations.installIntegration(name, { organization: s.otherOrg });
    expect(await statusOf(bot.integrations.getIntegrationInstallationById(name, theirs.id))).toBe(403);
    expect((await bot.integrations.listIntegrationInstallations(name)).data.items.map((i) => i.id)).toEqual([installation.id]);

    // Selecting every space extends the token to all of them.
    await s.client().integrations.updateIntegrationInstallation(name, installation.id, { space_selection: IntegrationInstallationSpaceSelection.All });
    expect((await bot.spaces.getSpaceById(notMine.id)).data.id).toBe(notMine.id);
    await s.client().integrations.updateIntegrationInstallation(name, installation.id, { space_selection: IntegrationInstallationSpaceSelection.Selected });
    expect(await statusOf(bot.spaces.getSpaceById(notMine.id))).toBe(403);
    // Uninstalling from the space takes it away.
    await s.client().integrations.uninstallIntegrationFromSpace(name, installation.id, mine.id);
    expect(await statusOf(bot.spaces.getSpaceById(mine.id))).toBe(403);
  });

  it('writes with a write scope', async () => {
    const { notMine, mine, bot } = await installed([IntegrationScope.SpaceContentWrite]);
    const { data: renamed } = await bot.spaces.updateSpaceById(mine.id, { title: 'Renamed by bot' } as never);
    expect(renamed.title).toBe('Renamed by bot');
    expect(renamed.permissions).toMatchObject({ edit: true, admin: false });
    expect(await statusOf(bot.spaces.updateSpaceById(notMine.id, { title: 'Not mine' } as never))).toBe(403);
    // Settings stay with space admins.
    expect(await statusOf(bot.spaces.updateSpaceById(mine.id, { defaultLevel: 'read' } as never))).toBe(403);
  });

  it('reaches no space without a space scope', async () => {
    const { mine, bot } = await installed([IntegrationScope.SiteScriptInject]);
    expect(await statusOf(bot.spaces.getSpaceById(mine.id))).toBe(403);
    expect((await bot.orgs.listSpacesInOrganizationById(s.org)).data.items).toEqual([]);
  });

  it('is issued to the integration only, and for installations of that integration', async () => {
    const { name, installation, token } = await installed([IntegrationScope.SpaceContentRead]);
    const other = s.client((await s.member('admin', s.otherOrg)).token);
    const { data: theirs } = await other.integrations.installIntegration(name, { organization: s.otherOrg });
    // The installing organization's admin is not the integration.
    expect(await statusOf(other.integrations.createIntegrationInstallationToken(name, theirs.id))).toBe(403);
    expect(await statusOf(s.client((await s.member('edit')).token).integrations.createIntegrationInstallationToken(name, installation.id))).toBe(403);
    expect(await statusOf(s.client().integrations.createIntegrationInstallationToken(name, 'no-such-installation'))).toBe(404);
    const elsewhere = await installed([IntegrationScope.SpaceContentRead]);
    expect(await statusOf(s.client().integrations.createIntegrationInstallationToken(name, elsewhere.installation.id))).toBe(404);
    // The installation renews its own token; not another installation's.
    const { data: renewed } = await s.client(token).integrations.createIntegrationInstallationToken(name, installation.id);
    expect(renewed.token).not.toBe(token);
    expect(await statusOf(s.client(token).integrations.createIntegrationInstallationToken(name, theirs.id))).toBe(403);
    expect((await s.request('POST', `/v1/integrations/${name}/installations/${installation.id}/tokens`, { token: null })).status).toBe(401);
  });

  it('expires after an hour, and dies with its installation', async () => {
    const { name, installation, mine, token } = await installed([IntegrationScope.SpaceContentRead]);
    expect((await s.request('GET', `/v1/spaces/${mine.id}`, { token })).status).toBe(200);
    clock.advance(60 * 60 * 1000 - 1);
    expect((await s.request('GET', `/v1/spaces/${mine.id}`, { token })).status).toBe(200);
    clock.advance(1);
    const expired = await s.request('GET', `/v1/spaces/${mine.id}`, { token });
    expect(expired.status).toBe(401);

    const { data } = await s.client().integrations.createIntegrationInstallationToken(name, installation.id);
    expect((await s.request('GET', `/v1/spaces/${mine.id}`, { token: data.token })).status).toBe(200);
    await s.client().integrations.uninstallIntegration(name, installation.id);
    expect((await s.request('GET', `/v1/spaces/${mine.id}`, { token: data.token })).status).toBe(401);
    expect((await s.request('GET', `/v1/spaces/${mine.id}`, { token: 'docs_inst_forged' })).status).toBe(401);
  });
});
