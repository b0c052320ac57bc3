import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { nestRawHtml, tokenize } from '../../src/site/render/raw-html.js';

const raw = (value: string) => ({ type: 'raw', value }) as never;

describe('author HTML', () => {
  it('nests an element opened and closed in different siblings around markdown content', () => {
    const tree: Root = {
      type: 'root',
      children: [raw('<div align="center">'), { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'x' }] }, raw('</div>')],
    };
    nestRawHtml(tree);
    expect(toHtml(tree)).toBe('<div align="center"><p>x</p></div>');
  });

  it('closes what is left open, ignores stray close tags and keeps void elements empty', () => {
    const tree: Root = { type: 'root', children: [raw('<sup>1</span><br>a &amp; b')] };
    nestRawHtml(tree);
    expect(toHtml(tree)).toBe('<sup>1<br>a &#x26; b</sup>');
  });

  it('keeps script and style bodies as text, never as markup', () => {
    expect(tokenize('<script><img src=x onerror=alert(1)></script>')).toEqual([
      { kind: 'open', name: 'script', attributes: [], selfClosing: false },
      { kind: 'text', value: '<img src=x onerror=alert(1)>' },
      { kind: 'close', name: 'script' },
    ]);
  });
});
