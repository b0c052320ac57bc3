import { describe, expect, it } from 'vitest';
import { fromDocument, toDocument } from '../../../src/content/document/index.js';
import { parseMarkdown } from '../../../src/content/markdown/index.js';

const MARKDOWN =
  '## Title\n\nA [link](https://x.com) and **bold**.\n\n* one\n* two\n\n{% hint style="info" %}\nHint\n{% endhint %}\n\n| A | B |\n| - | - |\n| 1 | 2 |\n';

function allKeys(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((child) => allKeys(child, out));
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.key === 'string' && typeof record.object === 'string') out.push(record.key);
    for (const [name, value] of Object.entries(record)) if (name === 'nodes' || name === 'fragments' || name === 'leaves') allKeys(value, out);
  }
  return out;
}

describe('keys', () => {
  it('gives every node a key, unique in the document', () => {
    const keys = allKeys(toDocument(parseMarkdown(MARKDOWN)).nodes);
    expect(keys.length).toBeGreaterThan(15);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('derives the same keys from the same markdown', () => {
    expect(toDocument(parseMarkdown(MARKDOWN))).toEqual(toDocument(parseMarkdown(MARKDOWN)));
  });

  it('keeps the keys a document came with through fromDocument and back', () => {
    const doc = toDocument(parseMarkdown(MARKDOWN));
    doc.nodes.forEach((node, index) => (node.key = `custom-${index}`));
    const again = toDocument(fromDocument(doc));
    expect(again.nodes.map((node) => node.key)).toEqual(doc.nodes.map((_, index) => `custom-${index}`));
  });
});
