// A site made through the API and served by `docs serve`: its OpenAPI blocks and `builtin:openapi` pages come from the
// organization's specs, and a new version of a spec shows on the next visit.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncDirectory } from '../../src/gitsync/import.js';
import { PETSTORE_YAML } from '../helpers/openapi.js';
import { useServer } from '../helpers/server.js';
import { markdownSpace } from './helpers.js';

const s = useServer({ sites: true });
let basename: string;

const get = async (path: string) => {
  const response = await fetch(`${s.url}/${basename}/${path}`);
  return { status: response.status, html: await response.text() };
};

beforeAll(async () => {
  const api = s.client().orgs;
  await api.createOpenApiSpec(s.org, { slug: 'petstore', source: { text: PETSTORE_YAML } });
  await s.domain.jobs.runDue();

  const dir = markdownSpace({
    'README.md': '# Store\n\nWelcome.\n',
    'quickstart.md': '# Quickstart\n\n{% openapi-operation spec="petstore" path="/pets" method="post" %}\n{% endopenapi-operation %}\n',
  });
  mkdirSync(join(dir, '.gitbook'), { recursive: true });
  writeFileSync(
    join(dir, 'SUMMARY.md'),
    [
      '# Table of contents',
      '',
      '* [Store](README.md)',
      '* [Quickstart](quickstart.md)',
      '* ```yaml',
      '  type: builtin:openapi',
      '  props: {models: false}',
      '  dependencies: {spec: {ref: {kind: openapi, spec: petstore}}}',
      '  ```',
      '',
    ].join('\n'),
  );
  const { data: space } = await api.createSpace(s.org, { title: 'Store' });
  const caller = (await s.domain.users.authenticate(s.ownerToken))!;
  await syncDirectory(s.domain, { dir, space: space.id, organizationId: s.org, caller, parseWorkers: 0 });
  const site = (await api.createSite(s.org, { title: 'Store docs', spaces: [space.id] })).data;
  basename = site.basename!;
  await api.publishSite(s.org, site.id);
}, 60_000);

describe('OpenAPI on a published site', () => {
  it('renders the blocks and the generated pages from the organization spec', async () => {
    const quickstart = await get('quickstart/');
    expect(quickstart.status).toBe(200);
    expect(quickstart.html).toContain('<p class="openapi-title">Create a pet</p>');
    expect(quickstart.html).toContain('<code class="openapi-property-name">kind</code>');
    expect(quickstart.html).toMatch(/href="\/[^"]+\/pets\/" data-nav="[^"]+">Pets</);
    const pets = await get('pets/');
    expect(pets.status).toBe(200);
    expect(pets.html).toMatch(/<h2 id="[^"]+">List pets/);
    expect((await get('pets/toys/')).html).toMatch(/<h2 id="[^"]+">List toys/);
  });

  it('shows a new version of the spec on the next visit', async () => {
    const api = s.client().orgs;
    await api.createOrUpdateOpenApiSpecBySlug(s.org, 'petstore', { source: { text: PETSTORE_YAML.replace('summary: List pets', 'summary: List every pet') } });
    await s.domain.jobs.runDue();
    const pets = await get('pets/');
    expect(pets.html).toMatch(/<h2 id="[^"]+">List every pet/);
    expect(pets.html).not.toMatch(/>List pets</);
  });
});
