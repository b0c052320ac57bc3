import { IntegrationCategory, IntegrationScope, IntegrationTarget, IntegrationVisibility, type PublishIntegration } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');

const manifest = (overrides: Partial<PublishIntegration> = {}): PublishIntegration => ({
  organization: s.org,
  title: 'Analytics',
  description: 'Counts page views',
  script: 'export default {}',
  scopes: [IntegrationScope.SpaceContentRead],
  ...overrides,
});

// Seed Part B §2.6 and §4.7: publishing and reading integrations.
describe('publishing integrations', () => {
  it('publishes an integration with everything it declares, and reads it back', async () => {
    const api = s.client();
    const body = manifest({
      title: 'Full',
      summary: '# Long form',
      icon: PNG,
      previewImages: [PNG],
      visibility: IntegrationVisibility.Public,
      target: IntegrationTarget.Space,
      scopes: [IntegrationScope.SpaceContentRead, IntegrationScope.SiteScriptInject],
      categories: [IntegrationCategory.Analytics, IntegrationCategory.Content],
      blocks: [{ id: 'embed', title: 'Embed', urlUnfurl: ['https://www.youtube.com/**'], markdown: { codeblock: 'yt', body: 'url' } }],
      contentSources: [{ id: 'source', title: 'Source', configuration: { componentId: 'config' } }],
      externalLinks: [{ url: 'https://example.com/docs', label: 'Docs' }],
      configurations: {
        account: { properties: { token: { type: 'string', title: 'Token' }, mode: { type: 'string', enum: ['a', 'b'] } }, required: ['token'] },
        space: { componentId: 'space-config' },
      },
      contentSecurityPolicy: { 'script-src': "'self'" },
    });
    const { data } = await api.integrations.publishIntegration('full-one', body);
    expect(data).toMatchObject({
      object: 'integration',
      name: 'full-one',
      version: 1,
      title: 'Full',
      description: 'Counts page views',
      summary: '# Long form',
      target: IntegrationTarget.Space,
      visibility: IntegrationVisibility.Public,
      scopes: [IntegrationScope.SpaceContentRead, IntegrationScope.SiteScriptInject],
      categories: [IntegrationCategory.Analytics, IntegrationCategory.Content],
      blocks: body.blocks,
      contentSources: body.contentSources,
      externalLinks: body.externalLinks,
      configurations: body.configurations,
      contentSecurityPolicy: { 'script-src': "'self'" },
      permissions: { admin: true },
      owner: { id: s.org },
    });
    expect(data.previewImages).toEqual([`data:image/png;base64,${PNG}`]);
    expect(data.urls.icon).toBe(`data:image/png;base64,${PNG}`);
    expect(data.urls.location).toBe(`${s.url}/v1/integrations/full-one`);
    expect((await api.integrations.getIntegrationByName('full-one')).data).toEqual(data);
  });

  it('publishes a new version under the same name, keeping secrets sealed and never returned', async () => {
    const api = s.client();
    const first = await api.integrations.publishIntegration('secretive', manifest({ secrets: { API_KEY: 'hunter2-very-secret' } }));
    expect(first.data.version).toBe(1);
    expect(JSON.stringify(first.data)).not.toContain('hunter2');
    expect(first.data.visibility).toBe('private');
    expect(first.data.target).toBe('all');

    const stored = (await s.store.integrations.get('secretive'))!;
    expect(stored.sealedSecrets).not.toContain('hunter2');
    expect(JSON.parse(s.store.secrets.open(stored.sealedSecrets!)!)).toEqual({ API_KEY: 'hunter2-very-secret' });
    expect(JSON.stringify(await s.store.snapshot())).not.toContain('hunter2');

    const second = await api.integrations.publishIntegration('secretive', manifest({ title: 'Renamed', scopes: [IntegrationScope.SpaceContentWrite] }));
    expect(second.data).toMatchObject({ version: 2, title: 'Renamed', scopes: [IntegrationScope.SpaceContentWrite] });
    const kept = (await s.store.integrations.get('secretive'))!;
    expect(JSON.parse(s.store.secrets.open(kept.sealedSecrets!)!)).toEqual({ API_KEY: 'hunter2-very-secret' });
    const raw = await s.request('GET', '/v1/integrations/secretive');
    expect(raw.text).not.toContain('hunter2');
    expect(raw.text).not.toContain('secrets');
  });

  it('accepts the organization hostname in place of its id', async () => {
    await s.store.organizations.update({ ...(await s.store.organizations.get(s.org))!, hostname: 'main-org' });
    const { data } = await s.client().integrations.publishIntegration('by-host', manifest({ organization: 'main-org' }));
    expect(data.owner.id).toBe(s.org);
  });

  it('answers 400 naming the field for bad bodies, and changes nothing', async () => {
    const before = await s.store.snapshot();
    const bad: [unknown, string][] = [
      [{ ...manifest(), title: undefined }, 'title'],
      [{ ...manifest(), title: 'x' }, 'title'],
      [{ ...manifest(), description: 'd'.repeat(101) }, 'description'],
      [{ ...manifest(), script: undefined }, 'script'],
      [{ ...manifest(), scopes: ['space:everything'] }, 'scopes'],
      [{ ...manifest(), organization: undefined }, 'organization'],
      [{ ...manifest(), runtime: 'v9' }, 'runtime'],
      [{ ...manifest(), visibility: 'secret' }, 'visibility'],
      [{ ...manifest(), target: 'planet' }, 'target'],
      [{ ...manifest(), categories: ['games'] }, 'categories'],
      [{ ...manifest(), previewImages: [PNG, PNG, PNG, PNG] }, 'previewImages'],
      [{ ...manifest(), icon: 'not base64!' }, 'icon'],
      [{ ...manifest(), blocks: [{ id: 'a' }] }, 'blocks'],
      [
        {
          ...manifest(),
          blocks: [
            { id: 'a', title: 'One' },
            { id: 'a', title: 'Two' },
          ],
        },
        'blocks[1].id',
      ],
      [{ ...manifest(), contentSources: [{ id: 's', title: 'Source' }] }, 'contentSources'],
      [{ ...manifest(), externalLinks: [{ url: 'not a url', label: 'x' }] }, 'externalLinks'],
      [{ ...manifest(), configurations: { account: { properties: { a: { type: 'date' } } } } }, 'configurations'],
      [{ ...manifest(), configurations: { account: { properties: { a: { type: 'string' } }, required: ['b'] } } }, 'configurations.account.required'],
      [{ ...manifest(), secrets: { KEY: 42 } }, 'secrets'],
    ];
    for (const [body, field] of bad) {
      const response = await s.request('POST', '/v1/integrations/bad-one', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error.message).toContain(field);
    }
    expect((await s.request('POST', '/v1/integrations/bad name!', { body: manifest() })).status).toBe(400);
    expect(await s.store.snapshot()).toEqual(before);
  });

  it('needs the admin role in the publishing organization', async () => {
    const editor = await s.member('edit');
    expect(await statusOf(s.client(editor.token).integrations.publishIntegration('by-editor', manifest()))).toBe(403);
    expect(await statusOf(s.client().integrations.publishIntegration('nowhere', manifest({ organization: 'no-such-org' })))).toBe(404);
    expect((await s.request('POST', '/v1/integrations/anon', { token: null, body: manifest() })).status).toBe(401);
    expect(await s.store.integrations.get('by-editor')).toBeUndefined();
  });

  it('keeps a name to the organization that published it', async () => {
    await s.client().integrations.publishIntegration('taken', manifest({ visibility: IntegrationVisibility.Public }));
    const otherAdmin = await s.member('admin', s.otherOrg);
    const call = s.client(otherAdmin.token).integrations.publishIntegration('taken', manifest({ organization: s.otherOrg, title: 'Hijack' }));
    expect(await statusOf(call)).toBe(409);
    expect((await s.client().integrations.getIntegrationByName('taken')).data.title).toBe('Analytics');
  });
});

describe('reading and listing integrations', () => {
  it('hides private integrations from other organizations and unlisted ones from lists', async () => {
    const api = s.client();
    await api.integrations.publishIntegration('vis-private', manifest({ visibility: IntegrationVisibility.Private }));
    await api.integrations.publishIntegration('vis-unlisted', manifest({ visibility: IntegrationVisibility.Unlisted }));
    await api.integrations.publishIntegration('vis-public', manifest({ visibility: IntegrationVisibility.Public }));
    const outsider = s.client((await s.member('admin', s.otherOrg)).token);
    expect(await statusOf(outsider.integrations.getIntegrationByName('vis-private'))).toBe(404);
    const unlisted = (await outsider.integrations.getIntegrationByName('vis-unlisted')).data;
    expect(unlisted.permissions.admin).toBe(false);
    expect(unlisted.owner.permissions.view).toBe(false);
    const listed = (await outsider.integrations.listIntegrations({ search: 'vis-' })).data.items.map((i) => i.name);
    expect(listed).toEqual(['vis-public']);
    // The owner sees its own with `owner`; an outsider asking for them still gets only the public ones.
    const own = (await api.integrations.listIntegrations({ search: 'vis-', owner: s.org })).data.items.map((i) => i.name);
    expect(own).toEqual(['vis-private', 'vis-public', 'vis-unlisted']);
    expect((await outsider.integrations.listIntegrations({ search: 'vis-', owner: s.org })).data.items.map((i) => i.name)).toEqual(['vis-public']);
    // listOrganizationIntegrations: public ones and the organization's own.
    const inOrg = (await api.orgs.listOrganizationIntegrations(s.org, { search: 'vis-' })).data.items.map((i) => i.name);
    expect(inOrg).toEqual(['vis-private', 'vis-public', 'vis-unlisted']);
    const inOther = (await outsider.orgs.listOrganizationIntegrations(s.otherOrg, { search: 'vis-' })).data.items.map((i) => i.name);
    expect(inOther).toEqual(['vis-public']);
    expect(await statusOf(outsider.orgs.listOrganizationIntegrations(s.org))).toBe(403);
    expect(await statusOf(api.integrations.getIntegrationByName('never-published'))).toBe(404);
  });

  it('filters by search, category, block domain, blocks, content sources, owner, scope and target', async () => {
    const api = s.client();
    const pub = (name: string, extra: Partial<PublishIntegration>) =>
      api.integrations.publishIntegration(name, manifest({ visibility: IntegrationVisibility.Public, ...extra }));
    await pub('flt-video', {
      title: 'Video player',
      categories: [IntegrationCategory.Content],
      target: IntegrationTarget.Space,
      scopes: [IntegrationScope.SpaceContentRead],
      blocks: [{ id: 'v', title: 'Video', urlUnfurl: ['https://www.youtube.com/watch**', 'https://vimeo.com/**'] }],
    });
    await pub('flt-source', {
      title: 'Importer',
      categories: [IntegrationCategory.Gitsync],
      target: IntegrationTarget.Organization,
      scopes: [IntegrationScope.SpaceContentWrite],
      contentSources: [{ id: 'src', title: 'Source', configuration: { componentId: 'c' } }],
    });
    await pub('flt-tracker', {
      title: 'Tracker',
      description: 'Site analytics',
      categories: [IntegrationCategory.Analytics],
      target: IntegrationTarget.Site,
      scopes: [IntegrationScope.SiteScriptInject],
    });
    const outsiderAdmin = await s.member('admin', s.otherOrg);
    await s
      .client(outsiderAdmin.token)
      .integrations.publishIntegration(
        'flt-other',
        manifest({ organization: s.otherOrg, visibility: IntegrationVisibility.Public, target: IntegrationTarget.All }),
      );

    const names = async (query: Parameters<typeof api.integrations.listIntegrations>[0]) =>
      (await api.integrations.listIntegrations({ search: 'flt-', ...query })).data.items.map((i) => i.name);
    expect(await names({})).toEqual(['flt-other', 'flt-source', 'flt-tracker', 'flt-video']);
    expect(await names({ search: 'site analytics' })).toEqual(['flt-tracker']);
    expect(await names({ category: IntegrationCategory.Gitsync })).toEqual(['flt-source']);
    expect(await names({ blockDomain: 'youtube.com' })).toEqual(['flt-video']);
    expect(await names({ blockDomain: 'vimeo.com' })).toEqual(['flt-video']);
    expect(await names({ blockDomain: 'example.org' })).toEqual([]);
    expect(await names({ blocks: true })).toEqual(['flt-video']);
    expect(await names({ blocks: false })).toEqual(['flt-other', 'flt-source', 'flt-tracker']);
    expect(await names({ contentSources: true })).toEqual(['flt-source']);
    expect(await names({ contentSources: false })).toEqual(['flt-other', 'flt-tracker', 'flt-video']);
    expect(await names({ owner: s.otherOrg })).toEqual(['flt-other']);
    expect(await names({ scope: IntegrationScope.SpaceContentWrite })).toEqual(['flt-source']);
    expect(await names({ scope: IntegrationScope.SpaceContentRead })).toEqual(['flt-other', 'flt-video']);
    // `target`: the integrations that can be installed there (those for `all` included).
    expect(await names({ target: IntegrationTarget.Site })).toEqual(['flt-other', 'flt-tracker']);
    expect(await names({ target: IntegrationTarget.Organization })).toEqual(['flt-other', 'flt-source']);
    expect(await names({ target: IntegrationTarget.All })).toEqual(['flt-other']);

    const first = (await api.integrations.listIntegrations({ search: 'flt-', limit: 3 })).data;
    expect(first.count).toBe(4);
    expect(first.items).toHaveLength(3);
    const rest = (await api.integrations.listIntegrations({ search: 'flt-', limit: 3, page: first.next!.page })).data;
    expect(rest.items.map((i) => i.name)).toEqual(['flt-video']);
    expect(rest.next).toBeUndefined();

    for (const [query, field] of [
      ['category=games', 'category'],
      ['scope=all:things', 'scope'],
      ['blockDomain=a%20b', 'blockDomain'],
      ['target=moon', 'target'],
      ['blocks=maybe', 'blocks'],
    ]) {
      const response = await s.request('GET', `/v1/integrations?${query}`);
      expect(response.status).toBe(400);
      expect(response.json.error.message).toContain(field);
    }
  });
});

describe('unpublishing', () => {
  it('removes the integration with its installations; 404 when there is none the caller can see', async () => {
    const api = s.client();
    await api.integrations.publishIntegration('short-lived', manifest());
    const { data: installation } = await api.integrations.installIntegration('short-lived', { organization: s.org });
    const outsider = s.client((await s.member('admin', s.otherOrg)).token);
    expect(await statusOf(outsider.integrations.unpublishIntegration('short-lived'))).toBe(404);
    const editor = s.client((await s.member('edit')).token);
    expect(await statusOf(editor.integrations.unpublishIntegration('short-lived'))).toBe(403);
    expect(await s.store.integrations.get('short-lived')).toBeDefined();

    expect((await api.integrations.unpublishIntegration('short-lived')).status).toBe(205);
    expect(await statusOf(api.integrations.getIntegrationByName('short-lived'))).toBe(404);
    expect(await s.store.integrations.installation(installation.id)).toBeUndefined();
    expect(await s.store.integrations.events('short-lived')).toEqual([]);
    expect(await statusOf(api.integrations.unpublishIntegration('short-lived'))).toBe(404);
  });
});

describe('development mode', () => {
  it('sets and disables a tunnel; only the publisher may', async () => {
    const api = s.client();
    await api.integrations.publishIntegration('dev-mode', manifest({ visibility: IntegrationVisibility.Public }));
    expect((await api.integrations.setIntegrationDevelopmentMode('dev-mode', { tunnelUrl: 'https://tunnel.example.com/hook', all: true })).status).toBe(204);
    expect(await s.store.integrations.get('dev-mode')).toMatchObject({ devTunnelUrl: 'https://tunnel.example.com/hook', devAll: true });
    // Republishing keeps development mode.
    await api.integrations.publishIntegration('dev-mode', manifest({ visibility: IntegrationVisibility.Public, title: 'Again' }));
    expect((await s.store.integrations.get('dev-mode'))!.devTunnelUrl).toBe('https://tunnel.example.com/hook');

    const outsider = s.client((await s.member('admin', s.otherOrg)).token);
    expect(await statusOf(outsider.integrations.setIntegrationDevelopmentMode('dev-mode', { tunnelUrl: 'https://evil.example.com' }))).toBe(403);
    expect(await statusOf(outsider.integrations.disableIntegrationDevelopmentMode('dev-mode'))).toBe(403);
    expect(await statusOf(api.integrations.setIntegrationDevelopmentMode('no-such', { tunnelUrl: 'https://x.example.com' }))).toBe(404);

    const before = await s.store.snapshot();
    for (const [body, field] of [
      [{}, 'tunnelUrl'],
      [{ tunnelUrl: '' }, 'tunnelUrl'],
      [{ tunnelUrl: 'not a url' }, 'tunnelUrl'],
      [{ tunnelUrl: 'ftp://files.example.com' }, 'tunnelUrl'],
      [{ tunnelUrl: `https://example.com/${'x'.repeat(260)}` }, 'tunnelUrl'],
      [{ tunnelUrl: 'https://example.com', all: 'yes' }, 'all'],
    ] as const) {
      const response = await s.request('PUT', '/v1/integrations/dev-mode/dev', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error.message).toContain(field);
    }
    expect(await s.store.snapshot()).toEqual(before);

    expect((await api.integrations.disableIntegrationDevelopmentMode('dev-mode')).status).toBe(205);
    expect(await s.store.integrations.get('dev-mode')).toMatchObject({ devTunnelUrl: null, devAll: false });
  });
});
