import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeHighlights, HighlightWorker, STALL_MS } from '../../src/site/highlight-pool.js';
import { type CodeBlock, codeKey, codeMarker, highlight, plainBlock, TOKENIZE, useHighlighter } from '../../src/site/render/highlight.js';
import { markdownSpace, syncedSpace, tempDir } from './helpers.js';

// Spaces between two words, just under the bound on a line's length: Shiki's bash grammar takes about the square of the
// line's length, some 0.15 s a line here. Blocks of such lines take minutes.
const SLOW_LINE = `a${' '.repeat(TOKENIZE.tokenizeMaxLineLength - 10)}!`;
const slowCode = (lines: number) => Array<string>(lines).fill(SLOW_LINE).join('\n');
const markers = (nonce: string, n: number) => Array.from({ length: n }, (_, i) => `<p>${codeMarker(nonce, i)}</p>`).join('');

describe('code in a build', () => {
  it('is highlighted off the build’s thread, which goes on meanwhile: a block too slow is left plain, with a warning, and tried again next build', async () => {
    const page = ['# Guide', '', '```js', 'const quick = 1;', '```', '', '```bash', slowCode(400), '```', ''].join('\n');
    const space = await syncedSpace(markdownSpace({ 'README.md': '# Home\n\nWelcome.\n', 'guide.md': page }), 'Slow code');
    const out = tempDir('slow-code');
    const warning = `guide.md (Slow code): 1 code block left unhighlighted, the highlighter gives a block ${STALL_MS / 1000} s at most; the page renders again at the next build`;
    let ticks = 0;
    const clock = setInterval(() => ticks++, 100);
    const report = await space.build(out, { strictLinks: false, renderWorkers: false }).finally(() => clearInterval(clock));
    // The block had STALL_MS on the worker (a minute of work on this thread): this thread's timers ran all along.
    expect(ticks).toBeGreaterThan(STALL_MS / 100 / 2);
    const html = readFileSync(join(out, 'guide/index.html'), 'utf8');
    expect(html).toMatch(/<pre class="shiki shiki-themes[^"]*"[^>]*>.*quick/s);
    expect(html).toContain('<pre class="shiki plain" tabindex="0"><code><span class="line">a   ');
    expect(report.warnings).toContain(warning);

    const again = await space.build(out, { strictLinks: false, renderWorkers: false });
    expect(again.rendered).toBe(1);
    expect(again.warnings).toContain(warning);
  }, 120_000);
});

describe('the highlight worker’s watchdog', () => {
  /** Highlights through its own worker, which stops after `stallMs` on a block; `started()`: workers started so far. */
  const ownWorker = (stallMs: number) => {
    let started = 0;
    let worker: HighlightWorker | undefined;
    return { workers: () => (worker?.alive ? worker : (started++, (worker = new HighlightWorker(stallMs)))), started: () => started };
  };
  const QUICK: CodeBlock[] = [
    ['js', 'const before = 1;'],
    ['python', 'after = 2'],
    ['css', 'a { color: red }'],
  ];

  it('stops a worker on one block too long: that block is left plain and uncached, the others are highlighted by a new worker', async () => {
    const { workers, started } = ownWorker(1000);
    // Started and its grammars loaded first: only the slow block can take the stall's time.
    await new CodeHighlights(workers).fill(markers('w', 4), 'w', [...QUICK, ['bash', 'echo warm']]);
    const highlights = new CodeHighlights(workers);
    const blocks: CodeBlock[] = [QUICK[0]!, ['bash', slowCode(200)], QUICK[1]!];
    const first = highlights.fill(markers('n0', 3), 'n0', blocks);
    // Asked while the worker is on the slow block: waiting behind it, lost with it, asked again.
    const second = highlights.fill(markers('n1', 1), 'n1', [QUICK[2]!]);
    const [one, two] = await Promise.all([first, second]);

    await useHighlighter(['js', 'bash', 'python', 'css']);
    const here = (block: CodeBlock) => highlight(block[1], block[0]);
    expect(one.plain).toBe(1);
    expect(one.html).toBe(`<p>${here(blocks[0]!)}</p><p>${plainBlock(blocks[1]![1])}</p><p>${here(blocks[2]!)}</p>`);
    expect(one.highlighted).toEqual([
      [codeKey(blocks[0]![1], 'js'), here(blocks[0]!)],
      [codeKey(blocks[2]![1], 'python'), here(blocks[2]!)],
    ]);
    expect(two).toEqual({ html: `<p>${here(QUICK[2]!)}</p>`, highlighted: [[codeKey(QUICK[2]![1], 'css'), here(QUICK[2]!)]], plain: 0 });
    expect(started()).toBe(2);
  }, 60_000);

  it('does not fail a request that waited behind other requests’ slow blocks, however many', async () => {
    const { workers, started } = ownWorker(1000);
    await new CodeHighlights(workers).fill(markers('w', 4), 'w', [...QUICK, ['bash', 'echo warm']]);
    const highlights = new CodeHighlights(workers);
    const slow = [1, 2, 3].map((n) => highlights.fill(markers(`s${n}`, 1), `s${n}`, [['bash', `${slowCode(200)}\n# ${n}`]]));
    const waiting = highlights.fill(markers('q', 1), 'q', [QUICK[0]!]);
    const results = await Promise.all([...slow, waiting]);
    expect(results.map((r) => r.plain)).toEqual([1, 1, 1, 0]);
    await useHighlighter(['js']);
    expect(results[3]!.html).toBe(`<p>${highlight(QUICK[0]![1], 'js')}</p>`);
    expect(started()).toBe(4);
  }, 120_000);

  it('answers requests in the order they came, whichever grammar loads first', async () => {
    const worker = new HighlightWorker();
    const order: string[] = [];
    await Promise.all([
      worker.highlight([['markdown', '# Loaded second']]).then(() => order.push('markdown')),
      worker.highlight([[null, 'no grammar to load']]).then(() => order.push('plain')),
    ]);
    expect(order).toEqual(['markdown', 'plain']);
  });

  it('fails a request when the worker stops three times on no block at all, instead of trying forever', async () => {
    const failing = new CodeHighlights(() => {
      const stopping = new HighlightWorker(1000);
      void (stopping as unknown as { client: { terminate(): Promise<void> } }).client.terminate();
      return stopping;
    });
    await expect(failing.fill(markers('n2', 1), 'n2', [['js', 'let x;']])).rejects.toThrow(/stopped/);
  });
});
