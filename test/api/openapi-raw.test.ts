// getLatestOpenAPISpecVersionContentRaw (0.202.0), and every source update making its own version, in order.
import { describe, expect, it } from 'vitest';
import { PETSTORE_YAML, SWAGGER_JSON } from '../helpers/openapi.js';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const s = useServer();
let counter = 0;
const slug = (base: string) => `${base}-${++counter}`;
const titled = (title: string) => PETSTORE_YAML.replace('title: Petstore', `title: ${title}`);

describe('the raw text of the latest version', () => {
  it('answers the text exactly as submitted, with its format', async () => {
    const api = s.newerClient().orgs;
    const name = slug('raw');
    const yaml = `# kept as written\n${PETSTORE_YAML}`;
    await api.createOrUpdateOpenApiSpecBySlug(s.org, name, { source: { text: yaml } });
    await s.domain.jobs.runDue();
    expect((await api.getLatestOpenApiSpecVersionContentRaw(s.org, name)).data).toEqual({ text: yaml, format: 'yaml' });
    await api.createOrUpdateOpenApiSpecBySlug(s.org, name, { source: { text: SWAGGER_JSON } });
    await s.domain.jobs.runDue();
    expect((await api.getLatestOpenApiSpecVersionContentRaw(s.org, name)).data).toEqual({ text: SWAGGER_JSON, format: 'json' });
  });

  it('404 for an unknown spec and for one with no version yet; readers read; other organizations get 403 (no input but the path)', async () => {
    const api = s.newerClient().orgs;
    expect((await errorOf(api.getLatestOpenApiSpecVersionContentRaw(s.org, 'no-such-spec'))).code).toBe(404);
    const name = slug('unprocessed');
    await api.createOrUpdateOpenApiSpecBySlug(s.org, name, { source: { text: PETSTORE_YAML } });
    const none = await errorOf(api.getLatestOpenApiSpecVersionContentRaw(s.org, name));
    expect(none).toMatchObject({ code: 404, message: expect.stringContaining('no processed version yet') });
    await s.domain.jobs.runDue();
    const reader = await s.member('read');
    expect((await s.newerClient(reader.token).orgs.getLatestOpenApiSpecVersionContentRaw(s.org, name)).data.format).toBe('yaml');
    const outsider = await s.member('admin', s.otherOrg);
    expect(await statusOf(s.newerClient(outsider.token).orgs.getLatestOpenApiSpecVersionContentRaw(s.org, name))).toBe(403);
  });
});

describe('quick updates of one spec', () => {
  it('two updates before any processing make two versions, in the order of the updates', async () => {
    const api = s.newerClient().orgs;
    const name = slug('quick');
    await api.createOrUpdateOpenApiSpecBySlug(s.org, name, { source: { text: titled('First') } });
    await s.domain.jobs.runDue();
    await api.createOrUpdateOpenApiSpecBySlug(s.org, name, { source: { text: titled('Second') } });
    await api.createOrUpdateOpenApiSpecBySlug(s.org, name, { source: { text: titled('Third') } });
    await s.domain.jobs.runDue();
    await s.domain.jobs.runDue();
    const spec = (await api.getOpenApiSpecBySlug(s.org, name)).data;
    expect(spec.processingState).toBe('complete');
    const versions = (await api.listOpenApiSpecVersions(s.org, name)).data.items;
    const titles = [];
    for (const v of versions) {
      const content = (await api.getOpenApiSpecVersionContentById(s.org, name, v.id)).data;
      titles.push((Object.values(content.filesystem)[0] as { specification: { info: { title: string } } }).specification.info.title);
    }
    expect(titles).toEqual(['Third', 'Second', 'First']);
    expect(spec.lastVersion).toBe(versions[0]!.id);
    expect((await api.getLatestOpenApiSpecVersionContentRaw(s.org, name)).data.text).toContain('title: Third');
  });
});
