// The API of one checkout (`node --import tsx bench/api-validation-server.mjs <checkout>`), from its sources, on an
// in-memory store with one space filled from a template: prints `{url, token, page}` (the path of a page GET) once
// it listens. For bench/api-validation.mjs, which runs it for this checkout and an earlier one.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.argv[2] ?? process.cwd();
const load = (file) => import(pathToFileURL(join(root, 'src', file)).href);
const { memoryStore } = await load('store/index.ts');
const { Domain } = await load('domain/index.ts');
const { bootstrap } = await load('domain/core/setup.ts');
const { configSchema } = await load('config/index.ts');
const { buildServer } = await load('server/app.ts');

const domain = new Domain(memoryStore());
const boot = await bootstrap(domain, configSchema.parse({ organizations: [{ title: 'Bench' }] }));
let url = '';
const app = buildServer({ domain, publicUrl: () => url });
await app.listen({ port: 0, host: '127.0.0.1' });
url = `http://127.0.0.1:${app.server.address().port}`;

const token = boot.newAdminToken;
const call = async (method, path, body) => {
  const response = await fetch(`${url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 201 && !response.headers.get('content-type') ? undefined : await response.json().catch(() => undefined);
};
const space = await call('POST', `/orgs/${boot.organizations[0].id}/spaces`, { title: 'Bench' });
await call('POST', `/spaces/${space.id}/content/template`, { id: 'product-docs' });
const { pages } = await call('GET', `/spaces/${space.id}/content/pages`);
const page = pages.find((p) => p.type === 'document');
process.stdout.write(`${JSON.stringify({ url, token, page: `/v1/spaces/${space.id}/content/page/${page.id}` })}\n`);
