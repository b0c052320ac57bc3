import { describe, expect, it } from 'vitest';
import { excerptOf } from '../../src/site/search-index.js';

/** The excerpt by its definition: the whole text's whitespace collapsed, cut at 160 characters. */
const byDefinition = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
};

describe('excerptOf', () => {
  it('is the first 160 characters of the text with its whitespace collapsed, however the whitespace falls', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pieces = ['word', 'longer words here', ' ', '  ', '\n', '\n\n\t', ' '.repeat(300), 'é', 'x'.repeat(90)];
    for (let n = 0; n < 2000; n++) {
      let text = '';
      const parts = Math.floor(random() * 80);
      for (let i = 0; i < parts; i++) text += pieces[Math.floor(random() * pieces.length)];
      expect(excerptOf(text), JSON.stringify(text)).toBe(byDefinition(text));
    }
    expect(excerptOf(`${' '.repeat(700)}short`)).toBe('short');
    expect(excerptOf('a b\n\nc')).toBe('a b c');
  });
});
