// A local http server for URL imports and uploads. Call useFixtureServer() before useServer(): it adds its
// `127.0.0.1:port` to DOCS_ALLOW_HOSTS before the test server's Domain reads it (loopback is refused otherwise).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface Route {
  body: string | Buffer;
  type?: string;
  /** 200 unless given (a redirect: 301 with a `location` header). */
  status?: number;
  headers?: Record<string, string>;
  /** Answer only after this long: lets other requests run while a write waits on its fetch. */
  delayMs?: number;
  /** Answer only once this resolves: holds a fetch open until the test says so. */
  hold?: () => Promise<void>;
}

export interface FixtureServer {
  /** `http://127.0.0.1:port` */
  url: string;
  /** The paths requested, in order. */
  hits: string[];
}

export function useFixtureServer(routes: Record<string, Route>): FixtureServer {
  const fixture: FixtureServer = { url: '', hits: [] };
  let server: Server | undefined;
  const previous = process.env.DOCS_ALLOW_HOSTS;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      fixture.hits.push(path);
      const route = routes[path];
      const answer = () => {
        if (!route) return response.writeHead(404).end('not found');
        response.writeHead(route.status ?? 200, { ...route.headers, ...(route.type ? { 'content-type': route.type } : {}) }).end(route.body);
      };
      if (route?.hold) void route.hold().then(answer);
      else if (route?.delayMs) setTimeout(answer, route.delayMs);
      else answer();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    fixture.url = `http://${host}`;
    process.env.DOCS_ALLOW_HOSTS = [previous, host].filter(Boolean).join(',');
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.DOCS_ALLOW_HOSTS;
    else process.env.DOCS_ALLOW_HOSTS = previous;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return fixture;
}
