// Requests racing on one record (several servers on one PostgreSQL database, or async requests of one process): each
// read-modify-write reads what it changes in the transaction that writes it, so no write is lost, nothing deleted comes
// back, nothing unique is made twice, and the organization keeps an admin. Every race is fired with Promise.all.
import { IntegrationInstallationSpaceSelection, IntegrationScope, IntegrationVisibility, MemberRole, SiteVisibility } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { PETSTORE_YAML } from '../helpers/openapi.js';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

/** The statuses of requests fired at once: none a 5xx. */
async function statuses(requests: Promise<{ status: number }>[]): Promise<number[]> {
  const out = await Promise.all(requests.map(async (request) => await statusOf(request)));
  expect(out.filter((status) => status >= 500)).toEqual([]);
  return out;
}

describe('concurrent writes', () => {
  it('keep every field of a site patched at once by several requests (no stale record written back)', async () => {
    const api = s.client().orgs;
    const space = (await api.createSpace(s.org, { title: 'Raced site space' })).data;
    for (let round = 0; round < 4; round++) {
      const site = (await api.createSite(s.org, { title: `Raced ${round}`, spaces: [space.id] })).data;
      const header = { preset: 'default' as never, links: [{ title: `Link ${round}`, to: { kind: 'url', url: 'https://example.com' }, links: [] }] };
      const customization = { ...(await api.getSiteCustomizationById(s.org, site.id)).data, header };
      await statuses([
        api.updateSiteById(s.org, site.id, { title: `Renamed ${round}` }),
        api.updateSiteById(s.org, site.id, { visibility: SiteVisibility.Unlisted }),
        api.publishSite(s.org, site.id),
        api.updateSiteCustomizationById(s.org, site.id, customization as never),
      ]);
      const after = (await api.getSiteById(s.org, site.id)).data;
      expect(after).toMatchObject({ title: `Renamed ${round}`, visibility: 'unlisted', published: true });
      expect((await api.getSiteCustomizationById(s.org, site.id)).data).toMatchObject({ header: { links: [{ title: `Link ${round}` }] } });
    }
  });

  it('store the signing key a regeneration answered, whatever auth settings are saved at the same time', async () => {
    const api = s.client().orgs;
    const space = (await api.createSpace(s.org, { title: 'Keyed site space' })).data;
    const site = (await api.createSite(s.org, { title: 'Keyed', spaces: [space.id] })).data;
    await api.getSitePublishingAuthById(s.org, site.id);
    for (let round = 0; round < 4; round++) {
      const [regenerated] = await Promise.all([
        api.regenerateSitePublishingAuthById(s.org, site.id),
        api.updateSitePublishingAuthById(s.org, site.id, { backend: 'custom', fallbackURL: `https://example.com/${round}` } as never),
      ]);
      const stored = (await api.getSitePublishingAuthById(s.org, site.id)).data;
      expect(stored.privateKey).toBe(regenerated.data.privateKey);
      expect(stored).toMatchObject({ fallbackURL: `https://example.com/${round}` });
    }
  });

  it('keep a space title renamed while the space moves', async () => {
    const api = s.client().orgs;
    const collection = (await api.createCollection(s.org, { title: 'Raced collection' })).data;
    for (let round = 0; round < 4; round++) {
      const space = (await api.createSpace(s.org, { title: `Mover ${round}` })).data;
      await statuses([
        s.client().spaces.updateSpaceById(space.id, { title: `Moved ${round}` }),
        s.client().spaces.moveSpace(space.id, { parent: collection.id }),
      ]);
      expect((await s.client().spaces.getSpaceById(space.id)).data).toMatchObject({ title: `Moved ${round}`, parent: collection.id });
    }
  });

  it('keep every field of an integration installation patched at once, and never bring back an uninstalled one', async () => {
    const api = s.client().integrations;
    const name = 'raced-integration';
    await api.publishIntegration(name, {
      organization: s.org,
      title: 'Raced integration',
      description: 'Patched at once',
      script: 'export default {}',
      scopes: [IntegrationScope.SpaceContentRead],
      visibility: IntegrationVisibility.Public,
    });
    for (let round = 0; round < 4; round++) {
      const installation = (await api.installIntegration(name, { organization: s.org })).data;
      await statuses([
        api.updateIntegrationInstallation(name, installation.id, { externalIds: [`ext-${round}`] }),
        api.updateIntegrationInstallation(name, installation.id, { space_selection: IntegrationInstallationSpaceSelection.All }),
        api.updateIntegrationInstallation(name, installation.id, { configuration: { round } }),
      ]);
      expect((await api.getIntegrationInstallationById(name, installation.id)).data).toMatchObject({
        externalIds: [`ext-${round}`],
        space_selection: 'all',
        configuration: { round },
      });
      await statuses([api.uninstallIntegration(name, installation.id), api.updateIntegrationInstallation(name, installation.id, { externalIds: ['late'] })]);
      expect(await s.store.integrations.installation(installation.id)).toBeUndefined();
    }
  });

  it('make one team of a title asked for by several requests at once, and a 409 for the others', async () => {
    const api = s.client().orgs;
    const made = await statuses(Array.from({ length: 4 }, () => api.createOrganizationTeam(s.org, { title: 'Racers' })));
    expect(made.sort()).toEqual([201, 409, 409, 409]);
    const teams = (await api.listTeamsInOrganizationById(s.org, { title: 'racers' })).data.items;
    expect(teams).toHaveLength(1);

    const [one, two] = [
      (await api.createOrganizationTeam(s.org, { title: 'First' })).data,
      (await api.createOrganizationTeam(s.org, { title: 'Second' })).data,
    ];
    const renamed = await statuses([
      api.updateTeamInOrganizationById(s.org, one.id, { title: 'Winner' }),
      api.updateTeamInOrganizationById(s.org, two.id, { title: 'winner' }),
    ]);
    expect(renamed.sort()).toEqual([200, 409]);
  });

  it('make one translation of a space into a language asked for by several requests at once', async () => {
    const api = s.client().orgs;
    const source = (await api.createSpace(s.org, { title: 'Translated at once' })).data;
    const input = { source: { space: source.id, language: 'en' as never }, language: 'it' as never };
    const made = await statuses(Array.from({ length: 3 }, () => api.createTranslation(s.org, input)));
    expect(made.sort()).toEqual([201, 409, 409]);
    const translations = (await api.listTranslations(s.org)).data.items.filter((t) => t.source.space === source.id);
    expect(translations).toHaveLength(1);
  });

  it('keep an admin when two admins demote each other at once, and never bring back a removed member', async () => {
    const api = s.client().orgs;
    const admin = await s.member('admin', s.otherOrg);
    // The owner and the new admin are the organization's only admins.
    const admins = async () => (await s.store.organizations.members(s.otherOrg)).filter((m) => m.role === 'admin' && !m.disabled).map((m) => m.userId);
    expect((await admins()).sort()).toEqual([s.ownerId, admin.userId].sort());
    const demoted = await statuses([
      api.updateMemberInOrganizationById(s.otherOrg, admin.userId, { role: MemberRole.Read }),
      s.client(admin.token).orgs.updateMemberInOrganizationById(s.otherOrg, s.ownerId, { role: MemberRole.Read }),
    ]);
    // One lands; the other finds its target the last admin (409), or its caller no longer one (403).
    expect(demoted.filter((status) => status === 200)).toHaveLength(1);
    expect(await admins()).toHaveLength(1);

    for (let round = 0; round < 4; round++) {
      const member = await s.member('read', s.otherOrg);
      const [remaining] = await admins();
      const by = remaining === s.ownerId ? api : s.client(admin.token).orgs;
      await statuses([
        by.removeMemberFromOrganizationById(s.otherOrg, member.userId),
        by.updateMemberInOrganizationById(s.otherOrg, member.userId, { role: MemberRole.Edit }),
      ]);
      expect(await s.store.organizations.member(s.otherOrg, member.userId)).toBeUndefined();
    }
  });
  it('keep a comment edited and resolved at once, and answer a reply or a reaction to a comment deleted meanwhile with a 404', async () => {
    const api = s.client().spaces;
    const space = (await s.client().orgs.createSpace(s.org, { title: 'Raced comments' })).data;
    for (let round = 0; round < 4; round++) {
      const comment = (await api.postCommentInSpace(space.id, { body: { markdown: `Comment ${round}` } })).data;
      await statuses([
        api.updateCommentInSpace(space.id, comment.id, { body: { markdown: `Edited ${round}` } }),
        api.updateCommentInSpace(space.id, comment.id, { resolved: true }),
        api.updateCommentInSpace(space.id, comment.id, { addedReactions: ['👍'] }),
      ]);
      expect((await api.getCommentInSpace(space.id, comment.id, { format: 'markdown' })).data).toMatchObject({
        body: { markdown: `Edited ${round}` },
        status: 'resolved',
        reactions: [{ emoji: '👍' }],
      });

      const reply = (await api.postCommentReplyInSpace(space.id, comment.id, { body: { markdown: 'A reply' } })).data;
      const [, replied, reacted, replyReacted] = await statuses([
        api.deleteCommentInSpace(space.id, comment.id),
        api.postCommentReplyInSpace(space.id, comment.id, { body: { markdown: 'Late reply' } }),
        api.updateCommentInSpace(space.id, comment.id, { addedReactions: ['🎉'] }),
        api.updateCommentReplyInSpace(space.id, comment.id, reply.id, { addedReactions: ['🎉'] }),
      ]);
      expect([replied, reacted, replyReacted].every((status) => status === 200 || status === 404)).toBe(true);
      const rows = await s.store.snapshot();
      const orphans = (table: string) => (rows[table] ?? []).filter((row: any) => row.comment_id === comment.id);
      expect([...orphans('comment_replies'), ...orphans('comment_reactions')]).toEqual([]);
    }
  });

  it('keep every field of a change request patched at once (subject, description, status, reviewers)', async () => {
    const api = s.client().spaces;
    const space = (await s.client().orgs.createSpace(s.org, { title: 'Raced change requests' })).data;
    const reviewer = await s.member('review');
    for (let round = 0; round < 4; round++) {
      const cr = (await api.createChangeRequest(space.id, { subject: `Change ${round}` })).data;
      const description = {
        object: 'document',
        data: {},
        nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: `Why ${round}`, marks: [] }] }] }],
      };
      await statuses([
        api.updateChangeRequestById(space.id, cr.id, { subject: `Renamed ${round}` }),
        api.updateChangeRequestById(space.id, cr.id, { status: 'draft' }),
        api.requestReviewersForChangeRequest(space.id, cr.id, { users: [reviewer.userId], description: description as never }),
      ]);
      expect((await api.getChangeRequestById(space.id, cr.id)).data).toMatchObject({ subject: `Renamed ${round}`, status: 'draft', description });
    }
  });

  it('make a version of each source of an OpenAPI spec put at once: the latest is the source that landed last', async () => {
    const api = s.client().orgs;
    const slug = 'raced-spec';
    await api.createOrUpdateOpenApiSpecBySlug(s.org, slug, { source: { text: PETSTORE_YAML } });
    await s.domain.jobs.runDue();
    const first = (await s.store.openapi.bySlug(s.org, slug))!;
    const titles = ['One', 'Two', 'Three'];
    await statuses(titles.map((title) => api.createOrUpdateOpenApiSpecBySlug(s.org, slug, { source: { text: PETSTORE_YAML.replace('Petstore', title) } })));
    const landed = (await s.store.openapi.bySlug(s.org, slug))!;
    // Each put is a generation of its own (none lost to another): a run of an older one then gives way to the newest.
    expect(landed.generation).toBe(first.generation + titles.length);
    await s.domain.jobs.runDue();
    const spec = (await s.store.openapi.bySlug(s.org, slug))!;
    expect(spec).toMatchObject({ processingState: 'complete', generation: landed.generation });
    const versions = await s.store.openapi.versions(spec.id);
    expect(versions[0]!.id).toBe(spec.lastVersionId);
    expect(versions.length).toBeGreaterThan(1);
    expect((await s.store.blobs.get(versions[0]!.blob))?.toString('utf8')).toBe((await s.store.blobs.get(landed.sourceBlob!))?.toString('utf8'));

    // Two deletes at once: one deletes (205), the other finds nothing (204).
    const deletes = await statuses([api.deleteOpenApiSpecBySlug(s.org, slug), api.deleteOpenApiSpecBySlug(s.org, slug)]);
    expect(deletes.sort()).toEqual([204, 205]);
    expect(await s.store.openapi.bySlug(s.org, slug)).toBeUndefined();
  });
});
