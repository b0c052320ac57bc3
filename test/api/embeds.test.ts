import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../helpers/http-fixture.js';
import { errorOf, useServer } from '../helpers/server.js';

const html = (head: string, body = '<p>Hello.</p>') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const page = (head: string, body?: string) => ({ body: html(head, body), type: 'text/html; charset=utf-8' });
const oembedLink = (href: string) => `<link rel="alternate" type="application/json+oembed" href="${href}" title="oEmbed">`;

const fixture = useFixtureServer({
  '/docs/article': page(
    `<title>Article | Acme</title><meta property="og:title" content="The  Article"><meta property="og:site_name" content="Acme Blog">
     <meta name="twitter:title" content="Twitter title"><link rel="shortcut icon" href="img/icon.png"><link rel="apple-touch-icon" href="/touch.png">`,
  ),
  '/plain': page('<title>\n  A plain   page\n</title><link rel="apple-touch-icon" href="/touch.png">'),
  '/bare': page('<meta charset="utf-8">', '<svg><title>Not the page title</title></svg>'),
  '/latin': { body: Buffer.from(html('<meta charset="iso-8859-1"><title>Caf\xe9</title>'), 'latin1'), type: 'text/html' },
  '/old': { body: '', status: 301, headers: { location: '/docs/article' } },
  '/to-private': { body: '', status: 302, headers: { location: 'http://10.0.0.1/admin' } },
  '/file.pdf': { body: '%PDF-1.7', type: 'application/pdf' },
  '/big': page(`<title>Early</title>${'<!-- padding -->'.repeat(16 * 1024)}<meta property="og:title" content="Late">`),
  '/slow': { ...page('<title>Slow</title>'), delayMs: 3_000 },
  '/video': page(`<title>A talk</title>${oembedLink('/oembed/video.json')}`),
  '/oembed/video.json': {
    body: JSON.stringify({
      version: '1.0',
      type: 'video',
      html: '<iframe width="200" src="https://www.youtube.com/embed/abcdEFGH123?feature=oembed"></iframe>',
    }),
    type: 'application/json',
  },
  '/widget': page(`<title>A post</title>${oembedLink('/oembed/widget.json')}`),
  '/oembed/widget.json': {
    body: JSON.stringify({ type: 'rich', html: '<blockquote>Post</blockquote><script src="https://widgets.example.com/w.js"></script>' }),
    type: 'application/json',
  },
  '/elsewhere': page(`<title>Elsewhere</title>${oembedLink('http://localhost:1/oembed.json')}`),
});
const s = useServer({ domain: { embeds: { timeoutMs: 500, pageBytes: 64 * 1024 } } });

const embed = async (url: string) => (await s.client().urls.getEmbedByUrl({ url })).data;
const refusal = (url: string) => errorOf(s.client().urls.getEmbedByUrl({ url }));

describe('getEmbedByUrl', () => {
  it('reads Open Graph metadata, with the icon resolved against the page', async () => {
    expect(await embed(`${fixture.url}/docs/article#part`)).toEqual({
      type: 'link',
      title: 'The Article',
      site: 'Acme Blog',
      icon: `${fixture.url}/docs/img/icon.png`,
    });
  });

  it('falls back to <title>, the host name, the touch icon or /favicon.ico, and the URL', async () => {
    const api = s.newerClient().urls;
    expect((await api.getEmbedByUrl({ url: `${fixture.url}/plain` })).data).toEqual({
      type: 'link',
      title: 'A plain page',
      site: '127.0.0.1',
      icon: `${fixture.url}/touch.png`,
    });
    expect((await api.getEmbedByUrl({ url: `${fixture.url}/bare` })).data).toEqual({
      type: 'link',
      title: `${fixture.url}/bare`,
      site: '127.0.0.1',
      icon: `${fixture.url}/favicon.ico`,
    });
    expect((await embed(`${fixture.url}/latin`)).title).toBe('Café');
  });

  it('follows redirects, and keeps answers for a while', async () => {
    const hits = () => fixture.hits.filter((path) => path === '/old').length;
    const before = hits();
    expect(await embed(`${fixture.url}/old`)).toMatchObject({ title: 'The Article', icon: `${fixture.url}/docs/img/icon.png` });
    await embed(`${fixture.url}/old`);
    expect(hits()).toBe(before + 1);
  });

  it('refuses loopback and private addresses unless DOCS_ALLOW_HOSTS allows them, redirects included', async () => {
    const port = new URL(fixture.url).port;
    const local = await refusal(`http://localhost:${port}/plain`);
    expect(local.code).toBe(400);
    expect(local.message).toMatch(/^url: .*private address 127\.0\.0\.1; allow it with network\.allowHosts or DOCS_ALLOW_HOSTS$/);
    expect(await refusal('http://10.0.0.1/')).toEqual({
      code: 400,
      message: 'url: 10.0.0.1 is a loopback or private address; allow it with network.allowHosts or DOCS_ALLOW_HOSTS',
    });
    expect((await refusal(`${fixture.url}/to-private`)).message).toContain('10.0.0.1 is a loopback or private address');
  });

  it('answers 400 for what is no web page: not http(s), not HTML, an HTTP error, no answer in time', async () => {
    expect(await refusal('not a url')).toEqual({ code: 400, message: 'url: "not a url" is not a valid URL' });
    expect(await refusal('ftp://example.com/file')).toEqual({ code: 400, message: 'url: only http and https URLs can be embedded, not ftp:' });
    expect(await refusal(`${fixture.url}/file.pdf`)).toEqual({
      code: 400,
      message: `url: ${fixture.url}/file.pdf is not an HTML page (application/pdf); only web pages can be embedded`,
    });
    expect(await refusal(`${fixture.url}/nowhere`)).toEqual({ code: 400, message: `url: fetching ${fixture.url}/nowhere failed with HTTP 404` });
    expect(await refusal(`${fixture.url}/slow`)).toEqual({ code: 400, message: `url: ${fixture.url}/slow did not answer within 500 ms` });
    const missing = await s.request('GET', '/v1/urls/embed');
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toContain('url');
  });

  it('reads only the start of a large page', async () => {
    expect((await embed(`${fixture.url}/big`)).title).toBe('Early');
  });

  it('answers a video player as rich, with its own sandboxed frame, and any other oEmbed markup as a link', async () => {
    const video = await embed(`${fixture.url}/video`);
    expect(video).toEqual({
      type: 'rich',
      title: 'A talk',
      site: '127.0.0.1',
      icon: `${fixture.url}/favicon.ico`,
      html:
        '<iframe src="https://www.youtube-nocookie.com/embed/abcdEFGH123" title="YouTube video: A talk" loading="lazy" ' +
        'sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" ' +
        'allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" ' +
        'referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>',
    });
    expect(await embed(`${fixture.url}/widget`)).toEqual({ type: 'link', title: 'A post', site: '127.0.0.1', icon: `${fixture.url}/favicon.ico` });
    // An oEmbed endpoint on another host is not asked.
    expect(await embed(`${fixture.url}/elsewhere`)).toMatchObject({ type: 'link', title: 'Elsewhere' });
  });

  it('needs a token', async () => {
    expect((await s.request('GET', `/v1/urls/embed?url=${encodeURIComponent(`${fixture.url}/plain`)}`, { token: null })).status).toBe(401);
  });
});

describe('getEmbedByUrlInSpace', () => {
  it('embeds for those who can read the space', async () => {
    const { data: space } = await s.client().orgs.createSpace(s.org, { title: 'Embeds' });
    const url = `${fixture.url}/plain`;
    expect((await s.client().spaces.getEmbedByUrlInSpace(space.id, { url })).data).toMatchObject({ type: 'link', title: 'A plain page' });
    const reader = await s.member('read');
    expect((await s.newerClient(reader.token).spaces.getEmbedByUrlInSpace(space.id, { url })).data.title).toBe('A plain page');

    const stranger = await s.member('none');
    expect((await errorOf(s.client(stranger.token).spaces.getEmbedByUrlInSpace(space.id, { url }))).code).toBe(403);
    expect((await errorOf(s.client().spaces.getEmbedByUrlInSpace('nope', { url }))).code).toBe(404);
    // The space is checked before the URL: a stranger learns nothing of it.
    expect((await errorOf(s.client(stranger.token).spaces.getEmbedByUrlInSpace(space.id, { url: 'not a url' }))).code).toBe(403);
    expect((await errorOf(s.client().spaces.getEmbedByUrlInSpace(space.id, { url: 'not a url' }))).code).toBe(400);
  });
});
