import { GitBookAPI } from '@gitbook/api';
import { GitBookAPI as NewerGitBookAPI } from '@gitbook/api-0.202';
import { afterAll, beforeAll, expect } from 'vitest';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configSchema } from '../../src/config/index.js';
import { type Clock, Domain, type DomainOptions } from '../../src/domain/index.js';
import type { RoleName } from '../../src/domain/core/roles.js';
import { bootstrap } from '../../src/domain/core/setup.js';
import { buildServer } from '../../src/server/app.js';
import { SitePublisher } from '../../src/site/publisher.js';
import type { Store } from '../../src/store/index.js';
import { testStore } from './store.js';
import { checkResponse } from './contract.js';

export interface TestServer {
  url: string;
  store: Store;
  domain: Domain;
  /** The organizations from the config: `main` and `other`. */
  org: string;
  otherOrg: string;
  ownerId: string;
  ownerToken: string;
  /** Every response the clients saw, checked against the spec; problems collect here. */
  violations: string[];
  client(token?: string): GitBookAPI;
  /** The 0.202.0 client, its responses checked the same way (against the pinned 0.143.2 spec). */
  newerClient(token?: string): NewerGitBookAPI;
  /** A token for a new member of `org` (or of no organization with 'none') with this role; null role = guest. */
  member(role: RoleName | null | 'none', org?: string): Promise<{ token: string; userId: string }>;
  /** A raw request, for what the typed client cannot send. */
  request(
    method: string,
    path: string,
    init?: { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; text: string; json: any }>;
  close(): Promise<void>;
}

let counter = 0;

export async function startServer(
  options: { clock?: Clock; sites?: boolean; bodyLimit?: number; trustProxy?: boolean | string[]; domain?: Omit<DomainOptions, 'clock'> } = {},
): Promise<TestServer> {
  const store = await testStore();
  const domain = new Domain(store, { ...options.domain, ...(options.clock ? { clock: options.clock } : {}) });
  const config = configSchema.parse({ organizations: [{ title: 'Main' }, { title: 'Other' }] });
  const boot = await bootstrap(domain, config);
  const sites = options.sites ? new SitePublisher(domain, mkdtempSync(join(tmpdir(), 'quire-sites-'))) : undefined;
  const app = buildServer({
    domain,
    publicUrl: () => url,
    ...(sites ? { sites } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const violations: string[] = [];

  const checkedFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const text = await response.clone().text();
    const problems = checkResponse(init?.method ?? 'GET', response.url || String(input), response.status, text);
    violations.push(...problems);
    if (problems.length) throw new Error(`response does not match the spec:\n${problems.join('\n')}`);
    return response;
  };

  const server: TestServer = {
    url,
    store,
    domain,
    org: boot.organizations[0]!.id,
    otherOrg: boot.organizations[1]!.id,
    ownerId: boot.admin.id,
    ownerToken: boot.newAdminToken!,
    violations,
    client: (token = boot.newAdminToken!) => new GitBookAPI({ endpoint: url, authToken: token, serviceBinding: { fetch: checkedFetch as typeof fetch } }),
    newerClient: (token = boot.newAdminToken!) =>
      new NewerGitBookAPI({ endpoint: url, authToken: token, serviceBinding: { fetch: checkedFetch as typeof fetch } }),
    async member(role, org = server.org) {
      counter++;
      const user = await domain.users.ensure(`user${counter}@test.local`, `User ${counter}`);
      if (role !== 'none') await domain.organizations.ensureMember(org, user.id, role);
      return { token: (await domain.users.createToken(user.id, 'test')).token, userId: user.id };
    },
    async request(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const token = init.token === undefined ? boot.newAdminToken! : init.token;
      if (token) headers.authorization = `Bearer ${token}`;
      let body: string | undefined;
      if (init.rawBody !== undefined) body = init.rawBody;
      else if (init.body !== undefined) body = JSON.stringify(init.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(`${url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await response.text();
      violations.push(...checkResponse(method, `${url}${path}`, response.status, text));
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, text, json };
    },
    async close() {
      await app.close();
      await store.close();
    },
  };
  return server;
}

/** The status of a failed client call, or 'ok'. */
export async function statusOf(call: Promise<{ status: number }>): Promise<number> {
  try {
    return (await call).status;
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (typeof code === 'number') return code;
    throw error;
  }
}

/** The status and the server's own message of a client call that must fail (the client prefixes the status and URL). */
export async function errorOf(call: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await call;
  } catch (error) {
    const e = error as { code: number; message: string };
    return { code: e.code, message: e.message.replace(/^GitBook API failed with \[\d+\] \S+: /, '') };
  }
  throw new Error('expected the call to fail');
}

/**
 * Starts a server before the file's tests and closes it after them, failing if any response broke the spec.
 * The returned object stands for the server once it has started.
 */
export function useServer(options: Parameters<typeof startServer>[0] = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(options);
  });
  afterAll(async () => {
    if (!server) return;
    expect(server.violations).toEqual([]);
    await server.close();
  });
  return new Proxy({} as TestServer, {
    get: (_, key) => {
      if (!server) throw new Error('the test server is not started yet: use it inside a test or beforeAll');
      return server[key as keyof TestServer];
    },
  });
}
