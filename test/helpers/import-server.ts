// An API server whose domain has import settings (a file: folder, short timeouts, no politeness delay) and Git Sync
// installed, as `docs serve` would; local sites the tests serve are allowed like DOCS_ALLOW_HOSTS would.
import { GitBookAPI } from '@gitbook/api';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { configSchema } from '../../src/config/index.js';
import { type Caller, Domain } from '../../src/domain/index.js';
import type { ImportOptions } from '../../src/domain/imports/settings.js';
import { bootstrap } from '../../src/domain/core/setup.js';
import { installGitSync } from '../../src/gitsync/two-way/install.js';
import { buildServer } from '../../src/server/app.js';
import { type Store, memoryStore } from '../../src/store/index.js';
import { checkResponse } from './contract.js';

export interface ImportServer {
  url: string;
  store: Store;
  domain: Domain;
  org: string;
  ownerToken: string;
  owner: Caller;
  client(token?: string): GitBookAPI;
  member(role: 'admin' | 'create' | 'edit' | 'read'): Promise<string>;
  /** A raw request to the API (its answer is checked against the spec too). */
  request(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: any }>;
  /** Creates a space and returns its id. */
  space(title: string): Promise<string>;
}

/** `allowHosts`: the sites the test serves (their `host:port`, known once they listen). */
export function useImportServer(options: ImportOptions, allowHosts: () => string[]): ImportServer {
  let server: ImportServer | undefined;
  const violations: string[] = [];
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const store = memoryStore();
    const domain = new Domain(store, { allowHosts: allowHosts(), imports: options });
    installGitSync(domain);
    const boot = await bootstrap(domain, configSchema.parse({ organizations: [{ title: 'Main' }] }));
    const app = buildServer({ domain, publicUrl: () => url });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = boot.newAdminToken!;
    const org = boot.organizations[0]!.id;
    const owner = (await domain.users.authenticate(token))!;
    const checkedFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const response = await fetch(input, init);
      const problems = checkResponse(init?.method ?? 'GET', response.url || String(input), response.status, await response.clone().text());
      violations.push(...problems);
      if (problems.length) throw new Error(`response does not match the spec:\n${problems.join('\n')}`);
      return response;
    };
    let members = 0;
    server = {
      url,
      store,
      domain,
      org,
      ownerToken: token,
      owner,
      client: (auth = token) => new GitBookAPI({ endpoint: url, authToken: auth, serviceBinding: { fetch: checkedFetch as typeof fetch } }),
      async member(role) {
        const user = await domain.users.ensure(`member${++members}@test.local`, `Member ${members}`);
        await domain.organizations.ensureMember(org, user.id, role);
        return (await domain.users.createToken(user.id, 'test')).token;
      },
      async request(method, path, body, auth = token) {
        const response = await fetch(`${url}/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${auth}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await response.text();
        violations.push(...checkResponse(method, `${url}/v1${path}`, response.status, text));
        return { status: response.status, json: text ? JSON.parse(text) : undefined };
      },
      space: async (title) => (await domain.spaces.create(owner, org, { title })).space.id,
    };
    close = async () => {
      await app.close();
      await domain.jobs.stop();
      await store.close();
    };
  });
  afterAll(async () => {
    expect(violations).toEqual([]);
    await close?.();
  });
  return new Proxy({} as ImportServer, {
    get: (_, key) => {
      if (!server) throw new Error('the import server is not started yet');
      return server[key as keyof ImportServer];
    },
  });
}

export interface Site {
  url: string;
  host: string;
  hits: string[];
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A local website: `routes` by path (with query); unknown paths answer 404. */
export function useSite(routes: Record<string, Handler>): Site {
  const site: Site = { url: '', host: '', hits: [] };
  let server: Server | undefined;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      site.hits.push(path);
      const route = routes[path];
      if (route) route(request, response);
      else response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    site.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    site.url = `http://${site.host}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return site;
}

export const html =
  (body: string): Handler =>
  (_, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
export const bytes =
  (data: Buffer, type: string): Handler =>
  (_, response) =>
    response.writeHead(200, { 'content-type': type }).end(data);
