// The guarded fetch's deadline covers the whole fetch: a server that drips its headers or body, or redirects slowly,
// is given up on at `timeoutMs` however often it sends a byte (an idle timeout alone would wait on it for ever).
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchPolicy, fetchUrl, postJson } from '../../src/platform/fetch.js';

const TICK = 50;
let server: Server;
let base = '';
const sockets = new Set<Socket>();

/** Writes `first`, then `drip` every TICK ms until the client leaves. */
function dripping(socket: Socket, first: string, drip: string): void {
  socket.write(first);
  const timer = setInterval(() => socket.write(drip), TICK);
  socket.on('close', () => clearInterval(timer));
}

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('data', (data) => {
      const path = /^[A-Z]+ (\S+)/.exec(data.toString('latin1'))?.[1] ?? '/';
      const hop = /^\/hop\/(\d+)$/.exec(path);
      if (path === '/headers') dripping(socket, 'HTTP/1.1 200 OK\r\n', 'x-drip: 1\r\n');
      else if (path === '/body') dripping(socket, 'HTTP/1.1 200 OK\r\ncontent-type: text/html\r\n\r\n<p>', 'x');
      else if (hop) {
        // Each hop answers well within the timeout; all of them together do not.
        const next = Number(hop[1]) + 1;
        setTimeout(() => socket.end(`HTTP/1.1 302 Found\r\nlocation: /hop/${next}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`), 2 * TICK);
      } else socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const policy = (): FetchPolicy => ({ allowHosts: [new URL(base).host], timeoutMs: 6 * TICK, maxBytes: 1024 * 1024, maxRedirects: 10 });

describe('the guarded fetch: one deadline for the whole fetch', () => {
  it('reads a prompt answer', async () => {
    expect((await fetchUrl(`${base}/ok`, 'url', policy())).bytes.toString()).toBe('ok');
  });

  it('gives up on headers that never end, though a byte comes every few ms', async () => {
    await expect(fetchUrl(`${base}/headers`, 'url', policy())).rejects.toThrow(`url: ${base}/headers did not answer within ${6 * TICK} ms`);
  });

  it('gives up on a body that never ends', async () => {
    await expect(fetchUrl(`${base}/body`, 'url', policy())).rejects.toThrow(`url: reading ${base}/body failed (not read in full within ${6 * TICK} ms)`);
    await expect(fetchUrl(`${base}/body`, 'url', { ...policy(), truncate: true })).rejects.toThrow(/not read in full/);
  });

  it('counts every redirect against the one deadline', async () => {
    await expect(fetchUrl(`${base}/hop/0`, 'url', policy())).rejects.toThrow(/^url: .*\/hop\/\d+ did not answer within 300 ms$/);
  });

  it('bounds a POST the same way', async () => {
    await expect(postJson(`${base}/body`, { a: 1 }, 'url', policy())).rejects.toThrow(/not read in full/);
  });
});
