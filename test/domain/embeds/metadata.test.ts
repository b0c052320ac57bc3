import { describe, expect, it } from 'vitest';
import { decodeHtml, framesOf, readMetadata } from '../../../src/domain/embeds/metadata.js';

const PAGE = 'https://docs.example.com/guide/start.html';
const read = (head: string, body = '') => readMetadata(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, PAGE);

describe('readMetadata', () => {
  it('prefers og:title, then twitter:title, then <title>', () => {
    const all = '<title>Doc title</title><meta name="twitter:title" content="Card title"><meta property="og:title" content="OG title">';
    expect(read(all).title).toBe('OG title');
    expect(read('<title>Doc title</title><meta name="twitter:title" content="Card title">').title).toBe('Card title');
    expect(read('<title>  Doc\n\t title </title><meta property="og:title" content="  ">').title).toBe('Doc title');
    expect(read('').title).toBeUndefined();
  });

  it('reads the first value of each tag, names in any case, entities decoded', () => {
    const head = '<META PROPERTY="OG:Site_Name" CONTENT="Acme &amp; Co"><meta property="og:site_name" content="Second"><title>A</title><title>B</title>';
    expect(read(head)).toEqual({ title: 'A', site: 'Acme & Co' });
  });

  it('ignores titles that are not the page’s: SVG titles, template contents', () => {
    expect(read('', '<svg><title>Icon</title></svg><template><title>Later</title></template>').title).toBeUndefined();
    expect(read('<template><meta property="og:title" content="Hidden"></template><title>Shown</title>').title).toBe('Shown');
  });

  it('resolves icons against the page and its <base>, preferring rel=icon over touch icons', () => {
    expect(read('<link rel="apple-touch-icon" href="/touch.png"><link rel="shortcut icon" href="../favicon.png">').icon).toBe(
      'https://docs.example.com/favicon.png',
    );
    expect(read('<link rel="mask-icon" href="/mask.svg"><link rel="apple-touch-icon-precomposed" href="touch.png">').icon).toBe(
      'https://docs.example.com/guide/touch.png',
    );
    expect(read('<base href="https://cdn.example.net/assets/"><link rel="icon" href="icon.svg">').icon).toBe('https://cdn.example.net/assets/icon.svg');
    // A <base> that is not http(s) is ignored.
    expect(read('<base href="javascript:alert(1)//"><link rel="icon" href="icon.svg">').icon).toBe('https://docs.example.com/guide/icon.svg');
  });

  it('keeps only http(s) icons', () => {
    expect(read('<link rel="icon" href="data:image/png;base64,AAAA"><link rel="icon" href="javascript:alert(1)">').icon).toBeUndefined();
    expect(read('<link rel="icon" href="data:image/png;base64,AAAA"><link rel="icon" href="/ok.ico">').icon).toBe('https://docs.example.com/ok.ico');
  });

  it('finds JSON oEmbed discovery, not XML', () => {
    expect(read('<link rel="alternate" type="text/xml+oembed" href="/oembed.xml">').oembed).toBeUndefined();
    expect(read('<link rel="alternate" type="Application/JSON+oEmbed" href="/oembed?url=x&amp;format=json">').oembed).toBe(
      'https://docs.example.com/oembed?url=x&format=json',
    );
    expect(read('<link rel="alternate" type="text/json+oembed" href="https://other.example/o.json">').oembed).toBe('https://other.example/o.json');
  });

  it('reads metadata a broken page puts in its body', () => {
    expect(readMetadata('<p>Text<meta property="og:title" content="Late but there">', PAGE).title).toBe('Late but there');
  });

  it('clips very long values', () => {
    const title = read(`<title>${'é'.repeat(10_000)}</title>`).title!;
    expect([...title]).toHaveLength(300);
    expect(title.endsWith('…')).toBe(true);
    const astral = read(`<title>${'😀'.repeat(400)}</title>`).title!;
    expect([...astral]).toHaveLength(300);
  });

  it('reads deeply nested pages without overflowing', () => {
    const deep = `${'<div>'.repeat(100_000)}<meta property="og:title" content="Deep">${'</div>'.repeat(100_000)}`;
    expect(readMetadata(deep, PAGE).title).toBe('Deep');
  });
});

describe('decodeHtml', () => {
  it('decodes by byte order mark, then <meta charset>, else as UTF-8', () => {
    expect(decodeHtml(Buffer.from('<title>Café</title>'))).toBe('<title>Café</title>');
    expect(decodeHtml(Buffer.from('<meta charset="windows-1252"><title>Caf\xe9</title>', 'latin1'))).toContain('Café');
    expect(decodeHtml(Buffer.from('<meta http-equiv="content-type" content="text/html; charset=ISO-8859-1">\xe9', 'latin1'))).toContain('é');
    expect(decodeHtml(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<title>Hi</title>', 'utf16le')]))).toBe('<title>Hi</title>');
    // A <meta> readable as ASCII cannot be UTF-16; an unknown label falls back to UTF-8.
    expect(decodeHtml(Buffer.from('<meta charset="utf-16"><title>Café</title>'))).toContain('Café');
    expect(decodeHtml(Buffer.from('<meta charset="no-such-charset"><title>Café</title>'))).toContain('Café');
  });
});

describe('framesOf', () => {
  it('lists the frames of an HTML fragment', () => {
    expect(framesOf('<div><iframe src="https://player.vimeo.com/video/1"></iframe></div>')).toEqual(['https://player.vimeo.com/video/1']);
    expect(framesOf('<blockquote>Post</blockquote><script src="w.js"></script>')).toEqual([]);
    expect(framesOf('<iframe></iframe><iframe src="b"></iframe>')).toEqual(['', 'b']);
  });
});
