import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownSpace, syncedSpace, tempDir } from './helpers.js';
import { searchSite } from './search.js';

// Headings linked the way GitBook repositories link them: by GitHub's slug, legacy GitBook's, the text, any case.
const GUIDE = `# Guide

## Release 4.9

Notes about [this release](#release-49) and [the bus](#The-Command-Bus---Local), and <a href="#promptmessage">HTML</a>.

## The Command Bus - Local

The bus.

### PromptMessage

A prompt.

## Release 4.9

The same title again.

## Missing

[gone](#no-such-heading)
`;
const HOME = `# Home

From elsewhere: [bus](guide.md#the-command-bus---local), [release](guide.md#release-49), [prompt](guide.md#PromptMessage),
[text](guide.md#Release%204.9), [second](guide.md#release-49-1), [legacy](guide.md#the-command-bus-local).
`;

const pageHtml = (out: string, path: string) => readFileSync(join(out, path, 'index.html'), 'utf8');
const hrefs = (htmlText: string) => [...htmlText.matchAll(/<a href="([^"]*#[^"]*)">/g)].map((m) => m[1]);
const aliasesOf = (htmlText: string) =>
  JSON.parse((/data-anchor-aliases="([^"]*)"/.exec(htmlText)?.[1] ?? '{}').replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<string, string>;

describe('heading aliases in a site', () => {
  it('resolve in links, pass the link check (cold and warm), and leave search on the ids', async () => {
    const space = await syncedSpace(markdownSpace({ 'README.md': HOME, 'guide.md': GUIDE }), 'Aliases');
    const out = tempDir('aliases');
    const report = await space.build(out, { strictLinks: false });
    // Only the anchor no heading answers to, under any name, is broken.
    expect(report.brokenLinks.map((b) => `${b.page} ${b.href}`)).toEqual(['guide.md #no-such-heading']);

    // Links within the page point at the ids; the anchor no heading has is left as written.
    const guide = pageHtml(out, 'guide');
    expect(guide).toContain('<h2 id="release-4.9">');
    expect(guide).toContain('<h2 id="the-command-bus-local">');
    expect(hrefs(guide).filter((h) => !h!.startsWith('/'))).toEqual(expect.arrayContaining(['#release-4.9', '#the-command-bus-local', '#no-such-heading']));
    expect(guide).toContain('<a href="#promptmessage">HTML</a>');
    expect(guide).not.toMatch(/href="#(release-49|The-Command-Bus---Local)"/);

    // Links from other pages are written once the page they link to has rendered: at its ids too.
    expect(hrefs(pageHtml(out, ''))).toEqual([
      '/guide/#the-command-bus-local',
      '/guide/#release-4.9',
      '/guide/#promptmessage',
      '/guide/#release-4.9',
      '/guide/#release-4.9-1',
      '/guide/#the-command-bus-local',
    ]);
    // An address from elsewhere lands through the page's alias map (site.js), which names the ids.
    expect(aliasesOf(guide)).toMatchObject({
      'release-49': 'release-4.9',
      'release 4.9': 'release-4.9',
      'the-command-bus---local': 'the-command-bus-local',
      'release-49-1': 'release-4.9-1',
    });

    // Search results point at the ids.
    const urls = async (query: string) => (await searchSite(out, query)).map((h) => h.url);
    expect(await urls('bus')).toContain('/guide/#the-command-bus-local');
    expect(await urls('prompt')).toContain('/guide/#promptmessage');
    expect(await urls('same title again')).toContain('/guide/#release-4.9-1');

    // A warm build keeps every page, and checks the links against the aliases the build cache kept.
    const warm = await space.build(out, { strictLinks: false });
    expect(warm.rendered).toBe(0);
    expect(warm.brokenLinks).toEqual(report.brokenLinks);
  });

  it("rewrites a kept page's links when the page they link to gives the heading another id", async () => {
    const dir = markdownSpace({ 'README.md': HOME, 'guide.md': GUIDE });
    const space = await syncedSpace(dir, 'Aliases');
    const out = tempDir('aliases-kept');
    await space.build(out, { strictLinks: false });
    expect(hrefs(pageHtml(out, ''))).toContain('/guide/#release-4.9');

    // The first `## Release 4.9` gets an id of its own; the home page is unchanged, kept, and its file rewritten.
    writeFileSync(join(dir, 'guide.md'), GUIDE.replace('## Release 4.9\n', '## Release 4.9 <a href="#v49" id="v49"></a>\n'));
    await space.sync(dir, { space: 'Aliases' });
    const report = await space.build(out, { strictLinks: false });
    expect(report.rendered).toBe(1);
    expect(report.brokenLinks.map((b) => b.href)).toEqual(['#no-such-heading']);
    // `#release-49` and the text are the first heading's names, now `v49`; GitHub's `#release-49-1` names the second,
    // now `release-4.9` (no longer a duplicate): one link's new address is another's old.
    expect(hrefs(pageHtml(out, ''))).toEqual([
      '/guide/#the-command-bus-local',
      '/guide/#v49',
      '/guide/#promptmessage',
      '/guide/#v49',
      '/guide/#release-4.9',
      '/guide/#the-command-bus-local',
    ]);

    // And back: the link is written as it is again where the heading's id is what the link says.
    writeFileSync(join(dir, 'guide.md'), GUIDE.replace('## Release 4.9\n', '## Release 4.9 <a href="#release-49" id="release-49"></a>\n'));
    await space.sync(dir, { space: 'Aliases' });
    await space.build(out, { strictLinks: false });
    expect(hrefs(pageHtml(out, ''))).toContain('/guide/#release-49');
  });
});
