import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/domain/core/errors.js';
import { planDocx } from '../../../src/domain/imports/docx.js';
import { readZip } from '../../../src/domain/imports/zip.js';
import { docx, png, zip } from './zip-writer.js';

/** The 400 message of a refused archive. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    return (error as Error).message;
  }
  throw new Error('the archive was accepted');
}

describe('bounded zip reading', () => {
  it('reads the regular files, leaving out folders and symbolic links', async () => {
    const files = await readZip(
      zip([
        { name: 'docs/', data: '' },
        { name: 'docs/README.md', data: '# Hello\n' },
        { name: 'docs/img/dot.png', data: png(), store: true },
        { name: 'docs/link.md', data: '/etc/passwd', mode: 0o120777 },
        { name: 'docs\\windows.md', data: 'backslashes' },
      ]),
      'url',
    );
    expect([...files.keys()].sort()).toEqual(['docs/README.md', 'docs/img/dot.png', 'docs/windows.md']);
    expect(Buffer.from(files.get('docs/README.md')!).toString()).toBe('# Hello\n');
    expect(Buffer.from(files.get('docs/img/dot.png')!).equals(png())).toBe(true);
  });

  it('refuses entries outside the archive, malformed archives and encrypted or lying entries', async () => {
    expect(await refusal(readZip(zip([{ name: '../evil.md', data: 'x' }]), 'url'))).toMatch(
      /^url: the archive entry \.\.\/evil\.md points outside the archive/,
    );
    expect(await refusal(readZip(zip([{ name: 'a/../../evil.md', data: 'x' }]), 'url'))).toMatch(/points outside the archive/);
    expect(await refusal(readZip(zip([{ name: '/etc/cron.d/x', data: 'x' }]), 'url'))).toMatch(/points outside the archive/);
    expect(await refusal(readZip(Buffer.from('this is not a zip at all, just some text'), 'url'))).toMatch(/^url: not a readable zip archive/);
    const truncated = zip([{ name: 'a.md', data: 'hello '.repeat(1000) }]);
    expect(await refusal(readZip(truncated.subarray(0, 40), 'url'))).toMatch(/^url: not a readable zip archive/);
    // Declares 10 bytes, inflates to 100,000: stopped by the entry's declared size.
    expect(await refusal(readZip(zip([{ name: 'liar.md', data: 'a'.repeat(100_000), declaredSize: 10 }]), 'url'))).toMatch(/^url: /);
  });

  it('bounds zip bombs: entry count, total size and compression ratio', async () => {
    const many = zip(Array.from({ length: 30 }, (_, i) => ({ name: `p${i}.md`, data: `page ${i}` })));
    expect(await refusal(readZip(many, 'url', () => true, { entries: 20, bytes: 1e9, ratio: 1e9 }))).toBe(
      'url: the archive has 30 entries; at most 20 are read',
    );
    const big = zip([
      { name: 'a.md', data: 'x'.repeat(600_000) },
      { name: 'b.md', data: 'y'.repeat(600_000) },
    ]);
    expect(await refusal(readZip(big, 'url', () => true, { entries: 100, bytes: 1_000_000, ratio: 1e9 }))).toMatch(/expands to more than/);
    // 5 MB of zeros deflate to a few KB: a ratio in the thousands.
    const bomb = zip([{ name: 'zeros.md', data: Buffer.alloc(5 * 1024 * 1024) }]);
    expect(bomb.byteLength).toBeLessThan(20_000);
    expect(await refusal(readZip(bomb, 'url'))).toMatch(/^url: the archive entry zeros\.md expands \d+ times; refused as a zip bomb$/);
    // Lying about the size does not get past the total: the bytes are counted as they come.
    const liar = zip([{ name: 'a.md', data: 'z'.repeat(2_000_000), declaredSize: 100 }]);
    expect(await refusal(readZip(liar, 'url', () => true, { entries: 100, bytes: 1_000_000, ratio: 1e9 }))).toMatch(/^url: /);
  });
});

describe('docx', () => {
  it('converts a Word document to one page with its images as files', async () => {
    const plan = await planDocx(docx({ image: true }), 'Fallback title', 'url');
    expect(plan.pages).toHaveLength(1);
    expect(plan.files).toMatchObject([{ key: 'docx-image:1', name: 'image-1.png', contentType: 'image/png' }]);
    const markdown = plan.pages[0]!.markdown((key) => (key === 'docx-image:1' ? '/files/F1' : undefined));
    expect(markdown).toBe('# Quarterly handbook\n\nWombats are **sturdy**.\n\n### Details\n\nSecond paragraph.\n\n![A dot](/files/F1)\n');
  });

  it('refuses what is not a Word document, and docx zip bombs', async () => {
    expect(await refusal(planDocx(Buffer.from('plain text'), 'x', 'url'))).toMatch(/^url: not a readable zip archive/);
    expect(await refusal(planDocx(zip([{ name: 'hello.txt', data: 'hi' }]), 'x', 'url'))).toMatch(/^url: not a readable Word document/);
    expect(await refusal(planDocx(zip([{ name: 'word/document.xml', data: Buffer.alloc(5 * 1024 * 1024) }]), 'x', 'url'))).toMatch(/zip bomb/);
  });
});
