/** GitBook's inline elements: buttons, icons, expressions, coloured text and emoji (their document mapping is document.ts). */
import type { Block } from '../block.js';
import { buttons, buttonSpecs } from './buttons.js';
import { emoji, emojiSpecs } from './emoji.js';
import { expressions, expressionSpecs } from './expressions.js';
import { icons, iconSpecs } from './icons.js';
import { marks, markSpecs } from './marks.js';
import { button, emoji as renderEmoji, expression, icon, mark } from './render.js';

export const inline: Block = {
  syntax: () => ({
    modules: [buttons, icons, expressions, marks, emoji],
    inline: [...buttonSpecs, ...iconSpecs, ...expressionSpecs, ...markSpecs, ...emojiSpecs],
  }),
  render: () => ({ button, icon, expression, mark, emoji: renderEmoji }),
};
