import { parseCards, type Cards } from './cards.js';
import { el, linkProps, rawHtml, text, type BlockRenderer } from '../render.js';

/** `<table data-view="cards">`: a grid of cards; a card with a target is one link, its cover an image. */
export const cards: BlockRenderer = (ctx, _state, node: Cards) => {
  const table = parseCards(node.value);
  const visible = table.columns.map((c, i) => (c.hidden ? -1 : i)).filter((i) => i >= 0);
  return el(
    'div',
    { className: ['cards', ...(table.size === 'large' ? ['cards-large'] : [])] },
    table.rows.map((row) => {
      const cover = row.cover ? ctx.resolve(row.cover, 'cards').url : null;
      const body = [
        ...(cover ? [el('img', { src: cover, alt: '', loading: 'lazy', className: ['card-cover'] })] : []),
        ...visible.map((i) => el('div', { className: ['card-cell'] }, [rawHtml(row.cells[i] ?? '')])),
      ];
      const target = row.target ? ctx.resolve(row.target, 'cards') : null;
      const link = target?.url
        ? [el('a', { ...linkProps(ctx, target.url, target.external), className: ['card-link'] }, [el('span', { className: ['sr-only'] }, [text('Open')])])]
        : [];
      return el('div', { className: ['card'] }, [...body, ...link]);
    }),
  );
};
