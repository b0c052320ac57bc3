import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Manifest, PageEntry } from '../../src/site/manifest.js';
import { CodeHighlights } from '../../src/site/highlight-pool.js';
import { renderPool } from '../../src/site/render-pool.js';
import { highlight, useHighlighter } from '../../src/site/render/highlight.js';
import { markdownSpace, syncedSpace, tempDir } from './helpers.js';

const GUIDE = (text: string, code: string) => `# Guide\n\n${text}\n\n\`\`\`js\n${code}\n\`\`\`\n`;
const FROM_CACHE = '<pre class="shiki" tabindex="0"><code><span class="line">from the build cache</span></code></pre>';

describe('highlighted code in the build cache', () => {
  it.each([
    ['rendered here', false],
    ['rendered on the warm render worker', true],
  ])('is what an edit of a page’s text renders its code with; an edit of the code highlights it again (%s)', async (_, onWorker) => {
    // A warm pool renders any number of pages; without one, a single page renders on the build's thread.
    const options = onWorker ? { strictLinks: false } : { strictLinks: false, renderWorkers: false as const };
    if (onWorker) renderPool(true);
    const source = markdownSpace({ 'README.md': '# Home\n\nWelcome.\n', 'guide.md': GUIDE('Run it:', 'const answer = 42;') });
    const space = await syncedSpace(source, `Code cache ${onWorker}`);
    const out = tempDir('code-cache');
    await space.build(out, { strictLinks: false });
    const guideId = (await space.view()).index.pagesByGitPath.get('guide.md')!.id;
    const segmentOf = () => {
      const manifest = JSON.parse(readFileSync(join(out, '.quire-build.json'), 'utf8')) as Manifest;
      const file = join(out, '.quire-build', manifest.pages[`/${guideId}`]!.segment);
      return { file, entries: JSON.parse(readFileSync(file, 'utf8')) as Record<string, PageEntry> };
    };
    const page = () => readFileSync(join(out, 'guide/index.html'), 'utf8');

    const { file, entries } = segmentOf();
    const code = entries[`/${guideId}`]!.code!;
    expect(code).toHaveLength(1);
    expect(code[0]![1]).toMatch(/^<pre class="shiki shiki-themes/);
    expect(page()).toContain(code[0]![1]);

    // The cache's HTML for the block is the one the next render uses: shown by changing it.
    entries[`/${guideId}`]!.code = [[code[0]![0], FROM_CACHE]];
    writeFileSync(file, JSON.stringify(entries));
    writeFileSync(join(source, 'guide.md'), GUIDE('Run it now:', 'const answer = 42;'));
    await space.sync(source, { space: `Code cache ${onWorker}` });
    const textEdit = await space.build(out, options);
    expect(textEdit.rendered).toBe(1);
    expect(textEdit.renderedOnWorkers).toBe(onWorker ? 1 : 0);
    expect(page()).toContain('Run it now:');
    expect(page()).toContain('from the build cache');

    writeFileSync(join(source, 'guide.md'), GUIDE('Run it now:', 'const answer = 43;'));
    await space.sync(source, { space: `Code cache ${onWorker}` });
    await space.build(out, options);
    expect(page()).not.toContain('from the build cache');
    expect(page()).toMatch(/<pre class="shiki shiki-themes[^"]*"[^>]*>.*43/s);
    expect(segmentOf().entries[`/${guideId}`]!.code![0]![0]).not.toBe(code[0]![0]);
  });

  it('is ignored when it is not a list of keys and HTML', async () => {
    const source = markdownSpace({ 'README.md': '# Home\n\nWelcome.\n', 'guide.md': GUIDE('Run it:', 'let x = 1;') });
    const space = await syncedSpace(source, 'Code cache, damaged');
    const out = tempDir('code-cache-damaged');
    await space.build(out, { strictLinks: false });
    const guideId = (await space.view()).index.pagesByGitPath.get('guide.md')!.id;
    const manifest = JSON.parse(readFileSync(join(out, '.quire-build.json'), 'utf8')) as Manifest;
    const file = join(out, '.quire-build', manifest.pages[`/${guideId}`]!.segment);
    const entries = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    (entries[`/${guideId}`] as { code: unknown }).code = 'not a list';
    writeFileSync(file, JSON.stringify(entries));
    writeFileSync(join(source, 'guide.md'), GUIDE('Run it again:', 'let x = 1;'));
    await space.sync(source, { space: 'Code cache, damaged' });
    await space.build(out, { strictLinks: false });
    const html = readFileSync(join(out, 'guide/index.html'), 'utf8');
    expect(html).toContain('Run it again:');
    expect(html).toMatch(/<pre class="shiki shiki-themes[^"]*"[^>]*>.*let/s);
  });
});

describe('highlighted code on a busy machine', () => {
  it('is what a quiet one highlights: the build cache keeps the same HTML, however long a line takes', async () => {
    const code = 'const busy = [{ name: "welcome" }];\nexport async function load(response) {\n  return await response.json();\n}';
    await useHighlighter(['js']);
    const quiet = highlight(code, 'js', 'highlighted on a quiet machine');
    // Each reading of the clock a second after the last: any time limit on tokenizing a line runs out at once.
    let now = Date.now();
    let reads = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => {
      reads++;
      return (now += 1000);
    });
    let busy: string;
    try {
      busy = highlight(code, 'js', 'highlighted on a busy machine');
    } finally {
      clock.mockRestore();
    }
    expect(reads).toBeGreaterThan(0);
    expect(busy).toBe(quiet);
    expect(busy).toContain('>const</span>');
    expect(busy).toContain('>json</span>');
  });
});

describe('code of the pages the sync parsed', () => {
  it.each([
    ['on the render worker', {}],
    ['here', { renderWorkers: false as const }],
  ])(
    'is asked of the highlight worker a few hundred pages ahead of the render, not for every page at the start (%s)',
    async (_, mode) => {
      // A page the sync did not keep is asked at its render: it must not wait behind the code of thousands of pages.
      const pages: Record<string, string> = {};
      for (let i = 1; i <= 600; i++) pages[`page-${i}.md`] = `# Page ${i}\n\n\`\`\`js\nconst page = ${i};\n\`\`\`\n`;
      const space = await syncedSpace(markdownSpace(pages), 'Code ahead');
      const { prefetch, fill } = CodeHighlights.prototype;
      let asked = 0;
      let askedAtFirstFill: number | null = null;
      const spies = [
        vi.spyOn(CodeHighlights.prototype, 'prefetch').mockImplementation(function (this: CodeHighlights, blocks) {
          asked += blocks.length;
          prefetch.call(this, blocks);
        }),
        vi.spyOn(CodeHighlights.prototype, 'fill').mockImplementation(function (this: CodeHighlights, ...args) {
          askedAtFirstFill ??= asked;
          return fill.apply(this, args);
        }),
      ];
      const report = await space.build(tempDir('code-ahead'), { strictLinks: false, ...mode }).finally(() => {
        for (const spy of spies) spy.mockRestore();
      });
      expect(report.rendered).toBe(600);
      expect(askedAtFirstFill).toBeGreaterThan(0);
      expect(askedAtFirstFill).toBeLessThan(400);
      expect(asked).toBeGreaterThanOrEqual(600);
    },
    120_000,
  );

  it('is highlighted when an include repeats a block of the page', async () => {
    const block = '```bash\nnpm install quire\n```\n';
    const source = markdownSpace({ 'README.md': '# Home\n', 'install.md': `# Install\n\n${block}\n{% include ".gitbook/includes/install.md" %}\n` });
    mkdirSync(join(source, '.gitbook', 'includes'), { recursive: true });
    writeFileSync(join(source, '.gitbook', 'includes', 'install.md'), `---\ntitle: Install\n---\n\n${block}`);
    const space = await syncedSpace(source, 'Include repeats a block');
    const out = tempDir('include-repeats');
    const report = await space.build(out, { strictLinks: false });
    expect(report.warnings.filter((w) => w.includes('unhighlighted'))).toEqual([]);
    const html = readFileSync(join(out, 'install/index.html'), 'utf8');
    expect(html.match(/<pre class="shiki shiki-themes/g)).toHaveLength(2);
  });
});
