// Organization agent instructions (0.202.0): a stored document per organization; members read it, admins set it.
import { describe, expect, it } from 'vitest';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const s = useServer();
const doc = (text: string) => ({
  object: 'document' as const,
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
});

describe('organization agent instructions', () => {
  it('starts empty, is set by an admin and read back by members, per organization', async () => {
    const api = s.newerClient().orgs;
    const empty = (await api.getOrganizationAgentInstructions(s.org)).data;
    expect(empty).toMatchObject({ object: 'agent-instructions', instructions: { object: 'document', nodes: [] } });
    expect(empty.urls.location).toBe(`${s.url}/v1/orgs/${s.org}/agent-instructions`);

    const set = (await api.updateOrganizationAgentInstructions(s.org, { instructions: doc('Answer in British English.') as never })).data;
    expect(set).toMatchObject({ object: 'agent-instructions', updatedBy: s.ownerId, instructions: doc('Answer in British English.') });
    const reader = await s.member('read');
    expect((await s.newerClient(reader.token).orgs.getOrganizationAgentInstructions(s.org)).data).toEqual(set);
    // The other organization keeps its own.
    expect((await api.getOrganizationAgentInstructions(s.otherOrg)).data.instructions.nodes).toEqual([]);
    const again = (await api.updateOrganizationAgentInstructions(s.org, { instructions: doc('Be brief.') as never })).data;
    expect((await api.getOrganizationAgentInstructions(s.org)).data).toEqual(again);
  });

  it('403 below admin and outside the organization, 404 for an unknown organization, 400 for a bad document', async () => {
    const editor = await s.member('edit');
    const before = (await s.newerClient().orgs.getOrganizationAgentInstructions(s.org)).data;
    expect(await statusOf(s.newerClient(editor.token).orgs.updateOrganizationAgentInstructions(s.org, { instructions: doc('No') as never }))).toBe(403);
    const outsider = await s.member('admin', s.otherOrg);
    expect(await statusOf(s.newerClient(outsider.token).orgs.getOrganizationAgentInstructions(s.org))).toBe(403);
    expect((await errorOf(s.newerClient().orgs.getOrganizationAgentInstructions('unknownorg0000000000'))).code).toBe(404);
    const bad = await s.request('PUT', `/v1/orgs/${s.org}/agent-instructions`, { body: { instructions: 'plain text' } });
    expect([bad.status, bad.json.error.message]).toEqual([400, expect.stringMatching(/instructions/)]);
    expect((await s.newerClient().orgs.getOrganizationAgentInstructions(s.org)).data).toEqual(before);
  });
});
