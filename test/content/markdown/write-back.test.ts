// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
/**
 * The format-preserving write-back: what did not change keeps its bytes, an edit changes the lines of its block.
 * Small cases by hand, then every page of every corpus (the hand-edited one too) with edits spread over its text.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Nodes, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from '../../../src/content/frontmatter.js';
import { parseMarkdown, writeBack } from '../../../src/content/markdown/index.js';
import { fingerprint } from '../../../src/content/markdown/same-content.js';
import { CORPORA_DIR } from '../document/corpus.js';

/** `text` parsed, changed by `edit` on a copy, and written back against the original. */
function edited(text: string, edit: (root: Root) => void): string {
  const root = parseMarkdown(text);
  const copy = structuredClone(root);
  edit(copy);
  return writeBack(copy, { text, root });
}

/** The node at `path` (child indexes from the root). */
function at(root: Root, ...path: number[]): any {
  return path.reduce<any>((node, i) => node.children[i], root);
}

describe('write-back by hand', () => {
  it('keeps a soft line break in the paragraph it edits', () => {
    expect(edited('Intro.\n\nLine one.\nLine two.\n', (r) => (at(r, 1, 0).value = 'Line 1.\nLine two.'))).toBe('Intro.\n\nLine 1.\nLine two.\n');
    // From a document the break comes back as a hard break: still written the author's way.
    const hard = edited('Line one.\nLine two.\n', (r) => {
      at(r, 0).children = [{ type: 'text', value: 'Line 1.' }, { type: 'break' }, { type: 'text', value: 'Line two.' }];
    });
    expect(hard).toBe('Line 1.\nLine two.\n');
  });

  it('writes an edited item of a hand-written list with its own bullet, the other items untouched', () => {
    const text = '- one  \n- two\n- three\n';
    expect(edited(text, (r) => (at(r, 0, 1, 0, 0).value = 'TWO'))).toBe('- one  \n- TWO\n- three\n');
    expect(edited('1) a\n2) b\n3) c\n', (r) => (at(r, 0, 2, 0, 0).value = 'C'))).toBe('1) a\n2) b\n3) C\n');
    // A new item joins the list with its siblings' bullet, numbered by its place.
    const item = (value: string) => ({
      type: 'listItem' as const,
      spread: false,
      children: [{ type: 'paragraph' as const, children: [{ type: 'text' as const, value }] }],
    });
    expect(edited(text, (r) => at(r, 0).children.splice(1, 0, item('new')))).toBe('- one  \n- new\n- two\n- three\n');
    expect(edited('1) a\n2) b\n', (r) => at(r, 0).children.push(item('c')))).toBe('1) a\n2) b\n3) c\n');
  });

  it('edits inside a quote, a hint and an indented list keep their prefixes', () => {
    expect(edited('> a\n>\n> b\n', (r) => (at(r, 0, 1, 0).value = 'B'))).toBe('> a\n>\n> B\n');
    const hint = '{% hint style="info" %}\nFirst.\n\nSecond.\n{% endhint %}\n';
    expect(edited(hint, (r) => (at(r, 0, 1, 0).value = 'Other.'))).toBe(hint.replace('Second.', 'Other.'));
    const indented = 'Intro\n\n  - item that\n    ```bash\n    run\n    ```\n';
    expect(edited(indented, (r) => (at(r, 1, 0, 0, 0).value = 'item this'))).toBe(indented.replace('that', 'this'));
  });

  it('inserts, removes and reorders blocks without touching the others', () => {
    // Two more blank lines are an empty paragraph (GitBook's): it stays between the blocks it was between.
    const text = '# T\n\nOne.\n\n\n\nTwo.\n';
    const paragraph = (value: string) => ({ type: 'paragraph' as const, children: [{ type: 'text' as const, value }] });
    expect(edited(text, (r) => r.children.splice(2, 0, paragraph('New.')))).toBe('# T\n\nOne.\n\nNew.\n\n\n\nTwo.\n');
    expect(edited(text, (r) => r.children.splice(3, 0, paragraph('New.')))).toBe('# T\n\nOne.\n\n\n\nNew.\n\nTwo.\n');
    expect(edited(text, (r) => r.children.splice(1, 1))).toBe('# T\n\n\n\nTwo.\n');
    expect(edited(text, (r) => r.children.splice(1, 2))).toBe('# T\n\nTwo.\n');
    expect(edited('A *x*\n\nB __y__\n', (r) => r.children.reverse())).toBe('B __y__\n\nA *x*\n');
  });

  it("fills empty paragraphs in place, inside a block's tags and behind a quote's prefix", () => {
    const hint = '{% hint style="info" %}\n\n\na\n\n\n{% endhint %}\n';
    const fill = (r: Root, ...path: number[]) => (at(r, ...path).children = [{ type: 'text', value: 'new' }]);
    expect(edited(hint, (r) => fill(r, 0, 0))).toBe('{% hint style="info" %}\nnew\n\na\n\n\n{% endhint %}\n');
    expect(edited(hint, (r) => fill(r, 0, 2))).toBe('{% hint style="info" %}\n\n\na\n\nnew\n{% endhint %}\n');
    expect(edited('> a\n>\n>\n>\n> b\n', (r) => fill(r, 0, 1))).toBe('> a\n>\n>new\n>\n> b\n');
  });

  it('renumbers ordered items that no longer fit their place, and keeps two lists apart', () => {
    expect(edited('1. a\n2. b\n3. c\n', (r) => at(r, 0).children.shift())).toBe('1. b\n2. c\n');
    const list = {
      type: 'list' as const,
      ordered: false,
      spread: false,
      children: [{ type: 'listItem' as const, spread: false, children: [{ type: 'paragraph' as const, children: [{ type: 'text' as const, value: 'x' }] }] }],
    };
    expect(edited('* a\n\npara\n', (r) => r.children.splice(1, 0, list))).toBe('* a\n\n- x\n\npara\n');
  });

  it('writes a whole new tree in GitBook style when there is nothing to keep', () => {
    expect(writeBack(parseMarkdown('- a\n- b\n'), { text: '', root: { type: 'root', children: [] } })).toBe('* a\n* b\n');
  });
});

/** Markdown files of every corpus, the hand-edited one included. */
function corpusFiles(): Array<{ name: string; text: string }> {
  const out: Array<{ name: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      // The body after the frontmatter: what a page's tree is parsed from and written back to.
      else if (entry.name.endsWith('.md')) out.push({ name: relative(CORPORA_DIR, path), text: splitFrontmatter(readFileSync(path, 'utf8')).body });
    }
  };
  for (const corpus of ['git-sync-normalization', 'public-docs', 'beefree-sdk-docs', 'metalbear-docs']) {
    if (existsSync(join(CORPORA_DIR, corpus))) walk(join(CORPORA_DIR, corpus));
  }
  return out;
}

/** Blocks whose lines an edit of a text inside them may change (a table as a whole: its columns are padded). */
const BLOCKS = new Set(['paragraph', 'heading', 'tableCell', 'code', 'html']);

describe('write-back on every corpus page', () => {
  const files = corpusFiles();

  it('gives every file back byte for byte when nothing changed', () => {
    expect(files.length).toBeGreaterThan(500);
    const changed = files.filter(({ text }) => {
      const root = parseMarkdown(text);
      return writeBack(structuredClone(root), { text, root }) !== text;
    });
    expect(changed.map((f) => f.name)).toEqual([]);
  }, 120_000);

  it('changes the lines of the edited block and nothing else, and the result reads as the edited tree', () => {
    const problems: string[] = [];
    let edits = 0;
    for (const { name, text } of files) {
      const root = parseMarkdown(text);
      const leaves: number[][] = [];
      const visit = (node: Nodes, path: number[]) => {
        if (node.type === 'text' && /\w{3,}/.test(node.value)) leaves.push(path);
        if ('children' in node) node.children.forEach((child, i) => visit(child as Nodes, [...path, i]));
      };
      visit(root, []);
      // Three leaves per page, spread over it.
      for (const path of [0, 1, 2].map((k) => leaves[Math.floor((k * leaves.length) / 3)]).filter((p) => p !== undefined)) {
        edits++;
        const copy = structuredClone(root);
        const leaf = at(copy, ...path);
        leaf.value = leaf.value.replace(/\w{3,}/, 'QUIRE');
        const out = writeBack(copy, { text, root });
        const reread = parseMarkdown(out)
          .children.map((c) => fingerprint(c))
          .join('|');
        if (reread !== copy.children.map((c) => fingerprint(c)).join('|')) problems.push(`${name} ${path.join('.')}: reads differently`);
        // The innermost block around the leaf (a table rather than its cell).
        let block = path.slice(0, 1);
        for (let depth = path.length; depth >= 1; depth--) {
          if (BLOCKS.has(at(root, ...path.slice(0, depth)).type)) {
            block = path.slice(0, depth);
            break;
          }
        }
        for (let depth = 1; depth <= path.length; depth++) if (at(root, ...path.slice(0, depth)).type === 'table') block = path.slice(0, depth);
        const { start, end } = at(root, ...block).position;
        const lineStart = text.lastIndexOf('\n', start.offset - 1) + 1;
        const tail = text.length - end.offset;
        if (out.slice(0, lineStart) !== text.slice(0, lineStart) || out.slice(out.length - tail) !== text.slice(end.offset)) {
          problems.push(`${name} ${path.join('.')}: changed lines outside its ${at(root, ...block).type}`);
        }
      }
    }
    expect(edits).toBeGreaterThan(1500);
    expect(problems).toEqual([]);
  }, 180_000);
});
