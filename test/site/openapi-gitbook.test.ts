// The official GitBook OpenAPI document (@gitbook/api 0.143.2, 1.7 MB), processed as an organization spec and
// published as `builtin:openapi` pages.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OpenAPIDocument } from '../../src/site/render/openapi/index.js';
import { GITBOOK_SPEC_PATH } from '../helpers/openapi.js';
import { markdownSpace, syncedSpace, tempDir } from './helpers.js';
import { searchSite } from './search.js';

const text = readFileSync(GITBOOK_SPEC_PATH, 'utf8');
const doc = new OpenAPIDocument(JSON.parse(text));
let out: string;
let pages: Map<string, string>;

const body = (html: string) => /<div class="markdown">([\s\S]*?)<\/div>\n<footer class="page-footer">/.exec(html)?.[1] ?? '';
const textOf = (html: string) =>
  html
    .replace(/<\/?(em|strong|code|span|a)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&#x3C;/g, '<')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const titled = (title: string) => [...pages.values()].find((html) => html.includes(`<h1>${title}</h1>`))!;

beforeAll(async () => {
  const dir = markdownSpace({ 'README.md': '# GitBook API\n\nThe reference.\n' });
  const item = ['* ```yaml', '  type: builtin:openapi', '  props: {models: true}', '  dependencies: {spec: {ref: {kind: openapi, spec: gitbook}}}', '  ```'];
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(dir, 'SUMMARY.md'), ['# Table of contents', '', '* [GitBook API](README.md)', ...item, ''].join('\n'));
  const space = await syncedSpace(dir, 'GitBook API');
  await space.domain.openapi.create(space.caller, space.organizationId, 'gitbook', { text });
  await space.domain.jobs.runDue();
  expect((await space.store.openapi.bySlug(space.organizationId, 'gitbook'))?.lastVersionId).toEqual(expect.any(String));
  out = tempDir('gitbook-api');
  await space.build(out);
  const files = readdirSync(out, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name === 'index.html')
    .map((e) => relative(out, join(e.parentPath, e.name)));
  pages = new Map(files.map((f) => [f, readFileSync(join(out, f), 'utf8')]));
}, 120_000);

describe('the GitBook API reference from its own OpenAPI document', () => {
  it('renders every operation once, on the page of its first tag', () => {
    const shown = new Set([...doc.tags().map((t) => t.name), 'Other operations']);
    const expected = doc.operations().filter((op) => shown.has(op.tags[0] ?? 'Other operations'));
    expect(expected.length).toBeGreaterThan(300);
    let rendered = 0;
    for (const html of pages.values()) rendered += (body(html).match(/class="api-operation openapi-operation"/g) ?? []).length;
    expect(rendered).toBe(expected.length);
    for (const [file, html] of pages) expect(body(html), file).not.toContain('openapi-missing');
  });

  it('nests tag pages under their x-parent, titled by x-page-title, described by x-page-description', () => {
    const organizations = titled('Organizations');
    expect(organizations).toContain(
      '<p class="page-description">Manage your organizations and group your members, spaces, and resources under one collaborative structure.</p>',
    );
    const sidebar = /<nav class="sidebar-nav"[\s\S]*?<\/nav>/.exec(organizations)![0];
    expect(sidebar).toMatch(
      />Organizations<\/a><details class="nav-fold" data-sub="[^"]+" open data-path><summary class="nav-toggle" aria-label="Organizations"><\/summary><ul class="nav-list" data-depth="1"><li><a href="[^"]+" data-nav="[^"]+">Organization members<\/a>/,
    );
    // The tag's own text holds an openapi-schemas block naming this spec: rendered in place.
    expect(textOf(body(organizations))).toContain('Organization object object string required Type of Object, always equals to "organization"');
  });

  it('an operation shows its parameters, body, responses and examples', () => {
    const html = [...pages.values()].find((p) => p.includes('>Create an OpenAPI spec<'))!;
    const text = textOf(body(html));
    expect(text).toContain('POST /orgs/{organizationId}/openapi');
    expect(text).toContain('Server: https://api.gitbook.com/v1');
    expect(text).toContain('Path parameters organizationId string required The unique id of the organization');
    expect(text).toContain('Body application/json required object slug string required Slug used as reference Min length: 1 · Max length: 100');
    expect(text).toContain(
      'source OpenAPISpecSource required Show properties One of object Create a specification from an URL Show properties url string · uri required',
    );
    expect(text).toContain('processingState string required Processing state Possible values: pending, progress, complete');
    expect(text).toContain('201 OpenAPI specification has been created');
    expect(text).toContain("curl -X POST 'https://api.gitbook.com/v1/orgs/{organizationId}/openapi'");
    expect(text).toContain("-H 'Authorization: Bearer <token>'");
  });

  it('the Models page lists every schema of the document', () => {
    const models = body(titled('Models'));
    expect((models.match(/class="openapi-model"/g) ?? []).length).toBe(doc.schemaNames().length);
  });

  it('is searchable by operation', async () => {
    for (const summary of ['Create an OpenAPI spec', 'List all sites', 'Get a space by its ID'])
      expect((await searchSite(out, summary)).flatMap((hit) => [hit.title, hit.heading])).toContain(summary);
  });
});
