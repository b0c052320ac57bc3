/**
 * Golden pairs, one folder per block (as in src/content/blocks/): each `<case>.md` (GitBook's markdown) beside its
 * document (`<case>.json`) and its HTML (`<case>.html`). The markdown reads as the document, the document writes
 * back to the same markdown by the writer alone, and the block renders the HTML. `UPDATE_GOLDEN=1` rewrites the
 * expected files from the code (review the diff).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toHtml } from 'hast-util-to-html';
import type { Parent, Root } from 'mdast';
import { defaultHandlers, toHast, type Handler } from 'mdast-util-to-hast';
import { describe, expect, it } from 'vitest';
import { blockRenderers } from '../../../src/content/blocks/index.js';
import { el, type BlockRenderContext } from '../../../src/content/blocks/render.js';
import { fromDocument, toDocument } from '../../../src/content/document/index.js';
import { markdownOf, parseMarkdown } from '../../../src/content/markdown/index.js';
import { documentErrors } from '../document/schema.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';

/** A page that resolves every reference to itself, as an external link when it is absolute. */
const page: BlockRenderContext = {
  options: { externalTarget: 'self', variables: {}, claims: { plan: 'pro' } },
  resolve: (href) => ({ url: href, external: /^[a-z]+:/i.test(href) }),
  code: (code, lang) => `code:${lang ?? ''}:${code.length}`,
  placeholder: (html) => `html:${html.length}`,
};

function render(root: Root): string {
  const renderers = blockRenderers();
  const handlers: Record<string, Handler> = {};
  for (const [type, renderer] of renderers) if (Object.hasOwn(defaultHandlers, type)) handlers[type] = (state, node) => renderer(page, state, node);
  const tree = toHast(root, {
    allowDangerousHtml: true,
    handlers,
    unknownHandler: (state, node) => {
      const renderer = renderers.get(node.type);
      if (renderer) return renderer(page, state, node);
      return 'children' in node ? el('div', { className: [`block-${node.type}`] }, state.all(node as Parent as Root)) : undefined;
    },
  });
  return `${toHtml(tree, { allowDangerousHtml: true })}\n`;
}

/** The expected text in `path`, or (updating) `actual`, written there. */
function golden(path: string, actual: string): string {
  if (UPDATE || !existsSync(path)) writeFileSync(path, actual);
  return readFileSync(path, 'utf8');
}

const folders = readdirSync(HERE, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('GitBook blocks, golden pairs', () => {
  it('has a folder of cases for every block', () => {
    expect(folders).toEqual(
      expect.arrayContaining([
        'code',
        'content-ref',
        'embed',
        'expandable',
        'file',
        'hint',
        'images',
        'include',
        'inline',
        'openapi',
        'stepper',
        'table',
        'tabs',
      ]),
    );
  });

  for (const folder of folders) {
    for (const file of readdirSync(join(HERE, folder))
      .filter((name) => name.endsWith('.md'))
      .sort()) {
      const base = join(HERE, folder, basename(file, '.md'));
      it(`${folder}/${file}`, () => {
        const markdown = readFileSync(`${base}.md`, 'utf8');
        const root = parseMarkdown(markdown);
        const doc = toDocument(root);
        expect(documentErrors(doc)).toEqual([]);
        const json = `${JSON.stringify(doc, null, 2)}\n`;
        expect(json).toBe(golden(`${base}.json`, json));
        expect(markdownOf(fromDocument(doc))).toBe(markdown);
        const html = render(root);
        expect(html).toBe(golden(`${base}.html`, html));
      });
    }
  }
});
