import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useFixtureServer } from '../helpers/http-fixture.js';
import { PETSTORE_YAML, SWAGGER_JSON } from '../helpers/openapi.js';
import { markdownSpace, syncedSpace, tempDir } from './helpers.js';
import { searchSite } from './search.js';

const remote = useFixtureServer({ '/specs/petstore.yaml': { body: PETSTORE_YAML, type: 'application/yaml' } });

const OPENAPI_ITEM = (spec: string, models: boolean) =>
  ['* ```yaml', '  type: builtin:openapi', `  props: {models: ${models}}`, `  dependencies: {spec: {ref: {kind: openapi, spec: ${spec}}}}`, '  ```'].join('\n');

let out: string;
let files: string[];
let space: Awaited<ReturnType<typeof syncedSpace>>;
/** The HTML of the page whose `<h1>` is this title. */
const page = (title: string) => {
  const found = files
    .filter((f) => f.endsWith('index.html'))
    .map((f) => readFileSync(join(out, f), 'utf8'))
    .find((html) => html.includes(`<h1>${title}</h1>`));
  if (!found) throw new Error(`no page titled ${title}`);
  return found;
};
const body = (html: string) => /<div class="markdown">([\s\S]*?)<\/div>\n<footer class="page-footer">/.exec(html)?.[1] ?? '';
const INLINE = /<\/?(em|strong|code|span|a|b|i)\b[^>]*>/g;
const textOf = (html: string) =>
  html
    .replace(INLINE, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&#x3C;/g, '<')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

function list(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

beforeAll(async () => {
  const dir = markdownSpace({
    'README.md': '# Home\n\nThe petstore API.\n',
    'reference.md': [
      '# Reference',
      '',
      '{% openapi-operation spec="petstore" path="/pets" method="post" %}',
      '[OpenAPI petstore](https://example.com/presigned)',
      '{% endopenapi-operation %}',
      '',
      '{% openapi src="./.gitbook/assets/petstore.yaml" path="/pets/{petId}" method="delete" %}',
      '[petstore.yaml](.gitbook/assets/petstore.yaml)',
      '{% endopenapi %}',
      '',
      '{% swagger src=".gitbook/assets/legacy.json" path="/orders" method="post" %}',
      '[legacy.json](.gitbook/assets/legacy.json)',
      '{% endswagger %}',
      '',
      `{% openapi src="${remote.url}/specs/petstore.yaml" path="/toys" method="get" %}`,
      '{% endopenapi %}',
      '',
      '{% openapi-schemas spec="petstore" schemas="Pet,Toy" grouped="false" %}',
      '{% endopenapi-schemas %}',
      '',
      '{% openapi-operation spec="petstore" path="/nowhere" method="get" %}',
      '{% endopenapi-operation %}',
      '',
      '{% openapi-operation spec="unknown-spec" path="/pets" method="get" %}',
      '{% endopenapi-operation %}',
      '',
    ].join('\n'),
  });
  mkdirSync(join(dir, '.gitbook', 'assets'), { recursive: true });
  writeFileSync(join(dir, '.gitbook', 'assets', 'petstore.yaml'), PETSTORE_YAML);
  writeFileSync(join(dir, '.gitbook', 'assets', 'legacy.json'), SWAGGER_JSON);
  writeFileSync(
    join(dir, 'SUMMARY.md'),
    ['# Table of contents', '', '* [Home](README.md)', '* [Reference](reference.md)', '', '## API', '', OPENAPI_ITEM('petstore', true), ''].join('\n'),
  );
  space = await syncedSpace(dir, 'Petstore docs');
  const hostile = PETSTORE_YAML.replace('Everything about your *pets*.', 'Everything about your *pets*. <script>alert(1)</script>').replace(
    'Returns the pets, newest first.',
    'Returns the pets, newest first. [Evil](javascript:alert(2)) <img src=x onerror=alert(3)>',
  );
  await space.domain.openapi.create(space.caller, space.organizationId, 'petstore', { text: hostile });
  await space.domain.jobs.runDue();
  out = tempDir('openapi');
  // The build may fetch `src` URLs that are not organization specs (off by default).
  process.env.DOCS_FETCH_OPENAPI = '1';
  try {
    await space.build(out);
  } finally {
    delete process.env.DOCS_FETCH_OPENAPI;
  }
  files = list(out);
});

describe('builtin:openapi computed pages', () => {
  it('become one page per tag, nested by x-parent, with untagged operations and models on pages of their own', () => {
    const sidebar = /<nav class="sidebar-nav"[\s\S]*?<\/nav>/.exec(page('Home'))![0];
    const titles = [...sidebar.matchAll(/data-nav="[^"]+"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(titles).toEqual(['Home', 'Reference', 'Pets', 'toys', 'Other operations', 'Models']);
    // Under the SUMMARY group, where the computed page stood; the child tag under its parent's page.
    expect(files).toEqual(
      expect.arrayContaining(['api/pets/index.html', 'api/pets/toys/index.html', 'api/other-operations/index.html', 'api/models/index.html', 'api/pets.md']),
    );
  });

  it('a tag page lists its operations: signature, description, parameters, body, responses and examples', () => {
    const html = page('Pets');
    const text = textOf(body(html));
    expect(text).toContain('Everything about your pets.');
    expect(body(html)).not.toContain('<script');
    expect(body(html)).not.toMatch(/javascript:|onerror/);
    expect(text).toContain('Returns the pets, newest first. Evil');
    // One heading per operation, in the outline, then the operation itself without a second title.
    for (const summary of ['List pets', 'Create a pet', 'Delete a pet']) expect(html).toMatch(new RegExp(`<h2 id="[^"]+">${summary}`));
    expect(html).toMatch(/<aside class="outline"[^>]*>[\s\S]*List pets[\s\S]*Create a pet[\s\S]*Delete a pet/);
    expect(body(html).match(/class="api-operation openapi-operation"/g)).toHaveLength(3);
    expect(body(html)).not.toContain('openapi-title');

    expect(text).toContain('GET /pets');
    expect(text).toContain('Returns the pets, newest first.');
    expect(text).toContain('Server: https://api.petstore.test/v1');
    expect(text).toContain('Query parameters limit integer How many to return. Default: 20 · Max: 100');
    expect(text).toContain('Headers X-Trace string');
    expect(text).toContain("Path parameters petId string · uuid required The pet's id.");
    expect(text).toMatch(/DELETE \/pets\/\{petId\} deprecated/);
    // The body of createPet: NewPet's properties, required, enum.
    expect(text).toContain('Body application/json required object · NewPet');
    expect(text).toContain("name string required The pet's name. Example: Rex");
    expect(text).toContain('kind string required Possible values: dog, cat, fish');
    expect(text).toContain('Authorization apiKey: API key in the header X-Api-Key');
    // Responses: the first success open, allOf merged, recursion stopped, oneOf listed.
    expect(text).toContain('200 A page of pets. application/json Pet[] name string required');
    expect(text).toContain('id string · uuid required read-only');
    expect(text).toContain('friends Pet[] Other pets this one likes.');
    expect(text).toContain('Recursive: the same Pet as above');
    expect(text).toContain('owner Owner id | Owner Show properties One of Owner id Owner Show properties name string');
    expect(text).toContain('default Something went wrong.');
    // Examples: a curl request with the document's example body, and a response made from the schema.
    expect(text).toContain("curl -X POST 'https://api.petstore.test/v1/pets'");
    expect(text).toContain("-H 'X-Api-Key: <api key>'");
    expect(text).toMatch(/-d '\{ "name": "Rex", "kind": "dog" \}'/);
    expect(text).toMatch(
      /Response 200 \[ \{ "name": "Rex", "kind": "dog", "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08", "friends": \[\], "owner": "string" \} \]/,
    );
  });

  it('generated pages are searched, copied as markdown and linked from the previous page', async () => {
    const headings = async (query: string) => (await searchSite(out, query)).flatMap((hit) => [hit.title, hit.heading]);
    expect(await headings('list pets')).toContain('List pets');
    expect(await headings('list toys')).toContain('List toys');
    expect(readFileSync(join(out, 'api', 'pets.md'), 'utf8')).toContain('{% openapi-operation spec="petstore" path="/pets" method="get" title="false" %}');
    expect(page('Reference')).toMatch(/<a class="next" href="\/api\/pets\/"/);
    expect(textOf(body(page('toys')))).toContain('What pets play with. ## List toys'.replace(' ## ', ' '));
    expect(textOf(body(page('Other operations')))).toContain('GET /health');
  });

  it('the Models page shows every schema of the spec', () => {
    const text = textOf(body(page('Models')));
    for (const name of ['NewPet', 'Pet', 'Toy', 'Error']) expect(text).toContain(name);
    expect(text).toContain('squeaks boolean Default: true');
  });
});

describe('OpenAPI blocks', () => {
  it('render the operation of an organization spec, a spec file of the space, a Swagger 2.0 file and a URL', () => {
    const html = body(page('Reference'));
    const text = textOf(html);
    expect(text).toContain('Create a pet POST /pets');
    expect(text).toContain('Delete a pet DELETE /pets/{petId} deprecated');
    expect(text).toContain('Place an order POST /orders');
    expect(text).toContain('Server: https://legacy.example.test/api');
    expect(text).toContain('Body application/json required object · Order');
    expect(text).toContain('quantity integer required Min: 1');
    expect(text).toContain('Query parameters dryRun boolean Check only.');
    expect(text).toMatch(/Response 200 \{ "id": 7, "quantity": 2 \}/);
    expect(text).toContain('List toys GET /toys');
    expect(remote.hits).toContain('/specs/petstore.yaml');
  });

  it('openapi-schemas shows the named schemas', () => {
    const text = textOf(body(page('Reference')));
    expect(text).toMatch(/Pet object.*name string required/);
    expect(text).toContain('Toy object name string squeaks boolean Default: true');
  });

  it('a URL is read from the organization spec made from it; else, without DOCS_FETCH_OPENAPI, the page says what to do', async () => {
    const url = `${remote.url}/specs/petstore.yaml`;
    const unfetched = tempDir('openapi-offline');
    const hits = remote.hits.length;
    await space.build(unfetched);
    expect(remote.hits.length).toBe(hits);
    const before = textOf(body(readFileSync(join(unfetched, 'reference', 'index.html'), 'utf8')));
    expect(before).toContain(
      `${url} is not an OpenAPI spec of this organization: add it (createOpenAPISpec with source.url), or build with DOCS_FETCH_OPENAPI=1 to fetch it`,
    );

    await space.domain.openapi.create(space.caller, space.organizationId, 'from-url', { url });
    await space.domain.jobs.runDue();
    expect(remote.hits.length).toBe(hits + 1);
    const offline = tempDir('openapi-offline');
    await space.build(offline);
    expect(remote.hits.length).toBe(hits + 1);
    const after = textOf(body(readFileSync(join(offline, 'reference', 'index.html'), 'utf8')));
    expect(after).toContain('List toys GET /toys');
    expect(after).not.toContain('is not an OpenAPI spec of this organization');
  });

  it('an unknown operation or spec is reported in the page', () => {
    const text = textOf(body(page('Reference')));
    expect(text).toContain('Petstore (petstore) has no operation GET /nowhere');
    expect(text).toContain('There is no OpenAPI spec "unknown-spec" in this organization');
  });
});
